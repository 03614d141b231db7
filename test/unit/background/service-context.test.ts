/** The client for the settings in effect, when they change while it is being made. */
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { NO_ACCESS_CODE } from '@/lib/api/errors';
import { effectiveSettings, type EffectiveSettings } from '@/lib/background/settings';
import { ServiceContext } from '@/lib/background/service-context';
import { storageCacheStore } from '@/lib/background/browser-stores';
import { deferred } from '../upload/helpers';

vi.mock('@/lib/background/settings', () => ({ effectiveSettings: vi.fn() }));

const settings = (apiKey: string) => ({ baseUrl: 'https://api.test', apiKey, policy: {} }) as unknown as EffectiveSettings;

describe('ServiceContext.client', () => {
  it('reads the settings again when a reset began while they were read: no client for the old key after it', async () => {
    const keys: string[] = [];
    const fetch = (_url: string, init?: RequestInit) => {
      keys.push(new Headers(init?.headers).get('authorization') ?? '');
      return Promise.resolve(new Response('{"contacts":[]}', { headers: { 'content-type': 'application/json' } }));
    };
    const context = new ServiceContext({ cacheStore: storageCacheStore, fetch });
    const oldRead = deferred<EffectiveSettings>();
    vi.mocked(effectiveSettings).mockReturnValueOnce(oldRead.promise).mockResolvedValue(settings('new-key'));
    const asked = context.client();
    await vi.waitFor(() => expect(effectiveSettings).toHaveBeenCalledTimes(1));
    // Another tab saves a new key: the reset runs while the first read is on its way.
    await context.resetIfSettingsChanged();
    oldRead.resolve(settings('old-key'));
    const client = await asked;
    await client.http.request('GET', '/api/v2/contacts');
    expect(keys).toEqual(['Bearer new-key']);
  });
});

describe('a call that cannot reach the service', () => {
  const refused = () => Promise.reject(new TypeError('Failed to fetch'));

  it.each([
    [false, NO_ACCESS_CODE, 'Primer has not been allowed to contact https://api.test yet'],
    [true, null, 'could not be reached'],
  ])('says Primer has no access to its host when it has none (access: %s)', async (granted, code, words) => {
    vi.mocked(effectiveSettings).mockResolvedValue(settings('key'));
    const contains = vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(granted as never);
    const context = new ServiceContext({ cacheStore: storageCacheStore, fetch: refused, clientOptions: { sleep: () => Promise.resolve() } });
    const client = await context.client();
    const error = await client.http.request('GET', '/api/v2/contacts').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'network', code, message: expect.stringContaining(words) });
    expect(contains).toHaveBeenCalledWith({ origins: ['https://api.test/*'] });
  });

  it('is not asked again in the background when access is missing: only the user can give it', async () => {
    vi.mocked(effectiveSettings).mockResolvedValue(settings('key'));
    vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(false as never);
    const fetch = vi.fn(refused);
    const context = new ServiceContext({ cacheStore: storageCacheStore, fetch, clientOptions: { sleep: () => Promise.resolve() } });
    await (await context.client()).http.request('GET', '/api/v2/contacts').catch(() => undefined);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
