import { describe, expect, it } from 'vitest';
import { createPanelQueryClient } from '@/components/panel/data/query-client';
import { keys } from '@/components/panel/data/keys';
import { ApiError } from '@/lib/api/errors';
import { match } from './fixtures';

describe('the panel’s query client', () => {
  it('drops the lookups that found a contact the service no longer has, and only those', async () => {
    const client = createPanelQueryClient();
    client.setQueryData(keys.contact({ email: 'maya@example.com' }), match('m', 'Maya Chen', 'maya@example.com'));
    client.setQueryData(keys.contact({ name: 'Maya Chen' }), match('m', 'Maya Chen', 'maya@example.com', 'name'));
    client.setQueryData(keys.contact({ email: 'dan@example.net' }), match('d', 'Daniel Weiss', 'dan@example.net'));
    client.setQueryData(keys.contact({ email: 'nobody@example.org' }), null);
    await expect(client.fetchQuery({ queryKey: keys.insights('m'), queryFn: () => Promise.reject(new ApiError('not_found', 'gone', { status: 404 })), retry: false })).rejects.toThrow('gone');
    expect(client.getQueryData(keys.contact({ email: 'maya@example.com' }))).toBeUndefined();
    expect(client.getQueryData(keys.contact({ name: 'Maya Chen' }))).toBeUndefined();
    expect(client.getQueryData(keys.contact({ email: 'dan@example.net' }))).toMatchObject({ contact: { id: 'd' } });
    expect(client.getQueryData(keys.contact({ email: 'nobody@example.org' }))).toBeNull();
    // Other failures leave the lookups alone.
    client.setQueryData(keys.contact({ email: 'maya@example.com' }), match('m', 'Maya Chen', 'maya@example.com'));
    await expect(client.fetchQuery({ queryKey: keys.insights('m'), queryFn: () => Promise.reject(new ApiError('server', 'boom', { status: 500 })), retry: false })).rejects.toThrow('boom');
    expect(client.getQueryData(keys.contact({ email: 'maya@example.com' }))).toMatchObject({ contact: { id: 'm' } });
  });
});
