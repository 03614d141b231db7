/** Plain-words names for the service's event kinds; typed so a new kind cannot be left out. */
import type { WebhookEvent } from '@/lib/models';

export const WEBHOOK_EVENT_TEXT: Record<WebhookEvent, { title: string; description: string }> = {
  'recording.processing.started': {
    title: 'Processing started',
    description: 'A recording was uploaded and the service began processing it.',
  },
  'recording.processing.completed': {
    title: 'Transcript ready',
    description: 'Processing finished and the recording’s transcript is ready.',
  },
  'insights.generated': {
    title: 'New insights',
    description: 'New conversation insights are available for a recording or contact.',
  },
  'contact.updated': {
    title: 'Contact changed',
    description: 'A contact’s details changed.',
  },
};

/** The plain name of an event the server listed, or the raw kind if it is one we do not know. */
export function eventTitle(kind: string): string {
  return Object.hasOwn(WEBHOOK_EVENT_TEXT, kind) ? WEBHOOK_EVENT_TEXT[kind as WebhookEvent].title : kind;
}
