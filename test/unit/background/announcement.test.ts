import { describe, expect, it } from 'vitest';
import { announcementOf } from '@/lib/background/uploads';
import { record } from '../popup/records';

describe('announcementOf (the notification when processing ends)', () => {
  it('names the contact whose briefing is now up to date, saying so of a name match', () => {
    expect(announcementOf(record({ state: 'completed' }))).toEqual({
      title: 'Recording ready',
      message: '“\u2068Weekly sync\u2069” is ready; \u2068Maya Chen\u2069’s briefing is up to date.',
    });
    const byName = record({ state: 'completed', meta: { ...record().meta, primaryContactName: 'Jo Park', primaryContactMatchedBy: 'name' } });
    expect(announcementOf(byName).message).toBe('“\u2068Weekly sync\u2069” is ready; \u2068Jo Park\u2069’s briefing is up to date (matched by name).');
    const nobody = record({ state: 'completed', meta: { ...record().meta, primaryContactId: null, primaryContactName: null } });
    expect(announcementOf(nobody).message).toBe('“\u2068Weekly sync\u2069” is ready.');
  });

  it('says why processing failed', () => {
    expect(announcementOf(record({ state: 'failed', error: 'The file is not audio' }))).toEqual({
      title: 'Recording could not be processed',
      message: '“\u2068Weekly sync\u2069”: \u2068The file is not audio\u2069.',
    });
  });

  it('says the service’s reason on one line, cut as the popup’s row cuts it, with one full stop', () => {
    const trace = `Decoder failed.\n  at decode (worker.js:12)\n${'  at frame (lib.js:1)\n'.repeat(40)}`;
    const { message } = announcementOf(record({ state: 'failed', error: trace }));
    expect(message).not.toContain('\n');
    expect(message.startsWith('“\u2068Weekly sync\u2069”: \u2068Decoder failed. at decode (worker.js:12)')).toBe(true);
    expect(message.length).toBeLessThan(260);
    expect(message.endsWith('…\u2069')).toBe(true);
    expect(announcementOf(record({ state: 'failed', error: 'Bad audio.' })).message).toBe('“\u2068Weekly sync\u2069”: \u2068Bad audio.\u2069');
  });

  it('says an upload stopped on the way, and what to do, as the popup that said "you can close this window" may be closed', () => {
    const access = record({ state: 'failed', failedStep: 'put', error: 'Primer needs your permission to send the recording to storage.example.', needsAccess: 'https://storage.example/*' });
    expect(announcementOf(access)).toEqual({
      title: 'Recording upload needs your permission',
      message: '“\u2068Weekly sync\u2069”: \u2068Primer needs your permission to send the recording to storage.example.\u2069 Open Primer’s toolbar button to allow it.',
    });
    expect(announcementOf(record({ state: 'failed', failedStep: 'complete', error: 'Service unavailable' }))).toEqual({
      title: 'Recording upload stopped',
      message: '“\u2068Weekly sync\u2069”: \u2068Service unavailable\u2069. Open Primer’s toolbar button to try again.',
    });
  });
});
