import { describe, expect, it } from 'vitest';
import { ADAPTERS, adapterForHost } from '@/lib/sites';
import { SITES } from '@/lib/sites/types';

describe('site registry', () => {
  it('has one adapter per site, keyed by its own id', () => {
    for (const site of SITES) expect(ADAPTERS[site].site).toBe(site);
  });

  it('maps the supported hosts to their adapters and everything else to null', () => {
    expect(adapterForHost('calendar.google.com')?.site).toBe('google-calendar');
    expect(adapterForHost('mail.google.com')?.site).toBe('gmail');
    expect(adapterForHost('outlook.office.com')?.site).toBe('outlook');
    expect(adapterForHost('outlook.office365.com')?.site).toBe('outlook');
    expect(adapterForHost('outlook.live.com')?.site).toBe('outlook');
    expect(adapterForHost('outlook.cloud.microsoft')?.site).toBe('outlook');
    expect(adapterForHost('MAIL.Google.com.')?.site).toBe('gmail');
    for (const other of ['google.com', 'docs.google.com', 'mail.google.com.evil.example', 'evilmail.google.com', 'outlook.com', 'cloud.microsoft', 'teams.cloud.microsoft', 'example.org', '', 'constructor', '__proto__']) {
      expect(adapterForHost(other), other).toBeNull();
    }
  });
});
