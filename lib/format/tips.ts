/**
 * The six preference flags as plain advice. A flag the server left out gives no tip: "unknown" must
 * not read as "no". Each tip names the flag it comes from, so the panel can say where it came from.
 */
import type { PreferenceFlag, PreferenceFlags } from '../models';

export interface Tip {
  kind: 'do' | 'dont';
  text: string;
  flag: PreferenceFlag;
  /** Where the tip comes from, in words: what the flag says about the person. */
  because: string;
}

/** What each flag says about the person, true and false: the source of its tip. */
const SAYS: Record<PreferenceFlag, { yes: string; no: string }> = {
  prefersDataDriven: { yes: 'prefers data-driven conversations', no: 'does not lead with data' },
  prefersDirect: { yes: 'prefers directness', no: 'prefers an indirect approach' },
  valuesRelationships: { yes: 'values relationships', no: 'puts the work before rapport' },
  dislikesSmallTalk: { yes: 'dislikes small talk', no: 'does not mind small talk' },
  prefersBrevity: { yes: 'prefers brevity', no: 'does not need brevity' },
  dislikesJargon: { yes: 'dislikes jargon', no: 'does not mind jargon' },
};

/**
 * What to do (or not) when the flag is true, and when it is false. Only brevity's tip says how to
 * start ("the summary first"): tips each naming their own opening (context first, the agenda, the
 * story) told the user to start a conversation three or four ways at once.
 */
const ADVICE: Record<PreferenceFlag, { yes: Pick<Tip, 'kind' | 'text'>; no: Pick<Tip, 'kind' | 'text'> }> = {
  prefersDataDriven: {
    yes: { kind: 'do', text: 'Bring numbers and evidence; back every claim.' },
    no: { kind: 'do', text: 'Make your case with the story and the outcome; keep figures to the essentials.' },
  },
  prefersDirect: {
    yes: { kind: 'do', text: 'Get to the point and say plainly what you need.' },
    no: { kind: 'dont', text: 'Don’t make blunt demands; explain why you ask and soften requests.' },
  },
  // These two are read together: a person can value the relationship and dislike small talk, so
  // neither tip speaks of the other's subject (no "ask how they are" beside "don't make small
  // talk", no "keep it businesslike" beside "small talk is welcome").
  valuesRelationships: {
    yes: { kind: 'do', text: 'Take time for the person: recall what you shared before and follow up on it.' },
    no: { kind: 'do', text: 'Keep the meeting about the work; they value it over rapport.' },
  },
  dislikesSmallTalk: {
    yes: { kind: 'dont', text: 'Don’t make small talk; keep to the agenda.' },
    no: { kind: 'do', text: 'Small talk doesn’t bother them.' },
  },
  prefersBrevity: {
    yes: { kind: 'do', text: 'Keep it short: the summary first, details only if asked.' },
    no: { kind: 'do', text: 'There is room for detail; explain the reasoning.' },
  },
  dislikesJargon: {
    yes: { kind: 'dont', text: 'Don’t use jargon or acronyms; say it in plain words.' },
    no: { kind: 'do', text: 'Technical vocabulary is fine with them.' },
  },
};

export function tipsFromFlags(flags: PreferenceFlags): { dos: Tip[]; donts: Tip[] } {
  const tips = (Object.keys(ADVICE) as PreferenceFlag[]).flatMap((flag): Tip[] => {
    const value = flags[flag];
    if (value === null) return [];
    return [{ ...(value ? ADVICE[flag].yes : ADVICE[flag].no), flag, because: value ? SAYS[flag].yes : SAYS[flag].no }];
  });
  return { dos: tips.filter((tip) => tip.kind === 'do'), donts: tips.filter((tip) => tip.kind === 'dont') };
}
