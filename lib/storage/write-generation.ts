/**
 * Firefox: which of the background's signed writes of a storage.local entry is the latest. A page
 * that can write storage.local (lib/background/storage-access.ts) can keep an entry the background
 * signed and write it back later, and its signature still verifies: an upload the user cancelled
 * would read as still being sent, and be resumed. So each write takes a new generation, kept in the
 * vault (which pages cannot open), and signs it with the content; a reader accepts only the
 * generations from the last write that landed to the last one begun. Two counters, not one: a
 * write begun but not landed (the worker stopped between the two steps) neither makes the current
 * entry unreadable nor lets one generation sign two contents.
 */
import { z } from 'zod/mini';
import { changeValue, readValue } from './vault';

const GenerationsSchema = z.object({ landed: z.number(), begun: z.number() });
export type Generations = z.infer<typeof GenerationsSchema>;

const vaultId = (name: string) => `write-generation:${name}`;

const asGenerations = (value: unknown): Generations => {
  const parsed = GenerationsSchema.safeParse(value);
  return parsed.success ? parsed.data : { landed: 0, begun: 0 };
};

/** The generations of `name` a reader accepts now (rejects when the vault cannot be read). */
export async function currentGenerations(name: string): Promise<Generations> {
  return asGenerations(await readValue(vaultId(name)));
}

/** Whether `generation` is one a reader holding `accepted` takes: from the last landed write to the last begun. */
export function isCurrentGeneration(generation: unknown, accepted: Generations): boolean {
  return typeof generation === 'number' && generation >= accepted.landed && generation <= accepted.begun;
}

/** Begins a write of `name`: its generation, never given before. */
export async function beginWrite(name: string): Promise<number> {
  const { begun } = await changeValue(vaultId(name), (value) => {
    const current = asGenerations(value);
    return { ...current, begun: current.begun + 1 };
  });
  return begun;
}

/** The write of `generation` has landed: what earlier writes signed is no longer accepted. */
export async function writeLanded(name: string, generation: number): Promise<void> {
  await changeValue(vaultId(name), (value) => {
    const current = asGenerations(value);
    return { ...current, landed: Math.max(current.landed, generation) };
  });
}
