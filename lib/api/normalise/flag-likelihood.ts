/**
 * A preference flag sent as a probability (`prefers_email: 0.9`, a model's score): a tip drawn from
 * a coin flip would mislead, so only a confident one is read as the flag.
 */
import { toFlag } from './values';

/** At or above: the flag holds. */
const LIKELY = 0.7;
/** At or below: it does not. Between the two it is unknown. */
const UNLIKELY = 0.3;

/**
 * The flag a value says: as toFlag reads it (booleans, 0 and 1, words), else a number strictly
 * between 0 and 1 (or such a number as text) as a probability: true from 0.7, false to 0.3, and
 * null between.
 */
export function flagOrLikelihood(value: unknown): boolean | null {
  const flag = toFlag(value);
  if (flag !== null) return flag;
  const chance = likelihoodOf(value);
  return chance === null ? null : chance >= LIKELY ? true : chance <= UNLIKELY ? false : null;
}

/** A number strictly between 0 and 1, or such a number as text: a probability. Null for anything else. */
export function likelihoodOf(value: unknown): number | null {
  const chance = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return chance > 0 && chance < 1 ? chance : null;
}
