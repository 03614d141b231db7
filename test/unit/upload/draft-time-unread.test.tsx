import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { UploadForm } from '@/components/popup/UploadForm';
import { draftFromTarget } from '@/lib/upload/draft';
import type { PanelTarget } from '@/lib/panel/target';
import { match, pagePerson, surface } from '../panel/fixtures';
import { fakeBackground } from '../support/fake-background';

vi.mock('@/lib/messaging/send', () => ({ sendRequest: vi.fn() }));

const calendar = (when: string): PanelTarget => ({
  tabId: 7,
  focus: null,
  status: null,
  page: { site: 'google-calendar', recognised: true, surfaces: [surface([pagePerson('Maya Chen', 'maya@example.com', match('c-maya', 'Maya Chen', 'maya@example.com'))], { when })] },
});

describe('the meeting’s time from the event in view', () => {
  // Danish and Finnish calendars write "10.00", some French ones "10h00": the date is read, the time is not.
  it.each(['tirsdag 19. maj 2026⋅10.00–10.45', 'Tue 19/05/2026 10h00 - 10h45'])('says the time was not read rather than start silently at midnight: %j', (when) => {
    fakeBackground({ 'upload.prepare': { ready: true } });
    const draft = draftFromTarget(calendar(when));
    expect(new Date(draft.meetingDate!).getDate()).toBe(19);
    render(<UploadForm draft={draft} onStarted={vi.fn()} />);
    const field = screen.getByLabelText<HTMLInputElement>('Meeting date');
    expect(field.value).toBe('2026-05-19T00:00');
    expect(field).toHaveAccessibleDescription(/could not read the meeting’s time/);
  });
});
