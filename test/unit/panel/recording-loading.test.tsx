import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { PanelApp } from '@/components/panel/PanelApp';
import type { Recording } from '@/lib/models';
import type { PanelTarget } from '@/lib/panel/target';
import { fakeBackground } from '../support/fake-background';
import { browserShows, insights, match, reply } from './fixtures';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

// The recording view's code arrives only when the test says so, as a first opening waits for it.
const gate = vi.hoisted(() => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
});
vi.mock('@/components/panel/recordings/RecordingDetail', async (importOriginal) => {
  await gate.opened;
  return importOriginal();
});

const configured = { serviceUrl: 'https://api.example.com', hasApiKey: true, apiKeyHint: 'abcd', apiKeyAddress: 'https://api.example.com', locked: { serviceUrl: false, apiKey: false } };
const call: Recording = {
  id: 'a', filename: 'a.mp3', title: 'Call a', meetingDate: '2026-11-19T15:00:00Z', status: 'completed', rawStatus: 'completed',
  progress: 100, primaryContactId: 'm', participants: [], error: null,
};

describe('opening the first recording, while its view’s code loads', () => {
  it('keeps focus on a heading (never the document), with the way back, then on the recording’s own heading', async () => {
    fakeBackground({
      'settings.get': configured,
      'contact.insights': reply(insights()),
      'recordings.list': { recordings: [call], received: 1, total: 1, limit: 3, offset: 0, hasMore: false },
      'recording.get': call,
      'recording.insights': { recordingId: 'a', actionItems: [], keyDecisions: [], topicsDiscussed: [] },
      'recording.transcript': { recordingId: 'a', segments: [] },
    });
    const first: PanelTarget = { tabId: 7, focus: { kind: 'person', match: match('m', 'Maya Chen', 'maya@example.com') }, page: null, status: null };
    await browserShows(first);
    render(<PanelApp client={new QueryClient({ defaultOptions: { queries: { retry: false } } })} restored={Promise.resolve()} firstTarget={Promise.resolve(first)} />);
    const region = await screen.findByRole('region', { name: /Recent recordings/ });
    await userEvent.click(await within(region).findByRole('button', { name: /Call a/ }));

    const loading = await screen.findByRole('heading', { level: 1, name: 'Recording' });
    expect(loading).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Back to the briefing' })).toBeVisible();
    expect(screen.getByRole('status', { name: 'Loading the recording' })).toBeInTheDocument();

    // What had focus when the recording's own view was drawn (a microtask after the commit, before
    // any task): never the document, not even until a later effect moves it.
    const focusWhenDrawn: Array<Element | null> = [];
    const observer = new MutationObserver(() => {
      const drawn = [...document.querySelectorAll('h1')].find((heading) => heading.textContent === 'Call a');
      if (drawn && focusWhenDrawn.length === 0) focusWhenDrawn.push(document.activeElement === drawn ? drawn : document.activeElement);
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    gate.open();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Call a' });
    observer.disconnect();
    expect(heading).toHaveFocus();
    expect(focusWhenDrawn).toEqual([heading]);
  });
});
