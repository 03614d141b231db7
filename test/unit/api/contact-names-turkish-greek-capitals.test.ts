// @vitest-environment node
/**
 * "Exactly that full name … whatever its case": a contact written in capitals is a namesake, so
 * neither is matched by the name alone (contact-names.test.ts; "ß" as "ss", contact-names-sharp-s).
 * Turkish and Greek write their capitals so that toLowerCase does not undo them: Turkish "ı" is "I"
 * in capitals, which lowercases to "i" ("Işık" is "IŞIK", read back as "işik"); Greek capitals drop
 * the accent ("Μαρία" is "ΜΑΡΙΑ"). The name in capitals then counts as another name, and the
 * other contact is picked by the name alone: "matched by name" on someone who may be the wrong one.
 */
import { describe, expect, it } from 'vitest';
import { ServiceClient } from '@/lib/api/client';
import { MemoryDiscoveryStore } from '@/lib/api/discovery';

const CONTACTS = [
  { id: 'iy-1', name: 'Işık Yılmaz', email: 'isik@x.test' },
  // The same name as Turkish writes it in capitals ("Işık Yılmaz".toLocaleUpperCase('tr')).
  { id: 'iy-2', name: 'IŞIK YILMAZ', email: 'iyilmaz@y.test' },
  { id: 'mp-1', name: 'Μαρία Παπαδοπούλου', email: 'maria@x.test' },
  // As Greek writes it in capitals ("Μαρία Παπαδοπούλου".toLocaleUpperCase('el')).
  { id: 'mp-2', name: 'ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ', email: 'mpapa@y.test' },
  { id: 'ml', name: 'Melissa Lee', email: 'melissa@x.test' },
];

async function client() {
  const discovery = new MemoryDiscoveryStore();
  await discovery.update('https://api.test', { contactLookup: 'email-param', contactLookupCheckedAt: Date.now(), contactLookupCaseSensitive: false, contactSearchCoversNames: false });
  return new ServiceClient('https://api.test', 'secret-key', {
    discovery,
    sleep: () => Promise.resolve(),
    online: () => true,
    fetch: () => Promise.resolve(new Response(JSON.stringify({ items: CONTACTS, total: CONTACTS.length }), { headers: { 'content-type': 'application/json' } })),
  });
}

describe('a Turkish or Greek name beside the same name in capitals', () => {
  it('the capitals are as the languages write them', () => {
    expect('Işık Yılmaz'.toLocaleUpperCase('tr')).toBe('IŞIK YILMAZ');
    expect('Μαρία Παπαδοπούλου'.toLocaleUpperCase('el')).toBe('ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ');
  });

  it.each(['Işık Yılmaz', 'Μαρία Παπαδοπούλου'])('does not match %s by name: the same name is a contact in capitals too', async (name) => {
    expect(await (await client()).findContactByName(name)).toBeNull();
  });

  it('still matches a single contact with the name', async () => {
    expect(await (await client()).findContactByName('Melissa Lee')).toMatchObject({ id: 'ml' });
  });
});
