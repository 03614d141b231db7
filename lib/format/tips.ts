/**
 * The six preference flags as plain advice. A flag the server left out gives no tip: "unknown" must
 * not read as "no". Each tip names the flag it comes from, so the panel can say where it came from.
 */
import type { PreferenceFlag, PreferenceFlags } from '../models';

export interface Tip {
  kind: 'do' | 'dont';
  text: string;
  flag: PreferenceFlag;
}

/** What to do (or not) when the flag is true, and when it is false. */
const ADVICE: Record<PreferenceFlag, { yes: Omit<Tip, 'flag'>; no: Omit<Tip, 'flag'> }> = {
  prefersDataDriven: {
    yes: { kind: 'do', text: 'Bring numbers and evidence; back every claim.' },
    no: { kind: 'do', text: 'Lead with the story and the outcome; keep figures to the essentials.' },
  },
  prefersDirect: {
    yes: { kind: 'do', text: 'Get to the point and say plainly what you need.' },
    no: { kind: 'dont', text: 'Don’t open with the ask; give context first and soften requests.' },
  },
  valuesRelationships: {
    yes: { kind: 'do', text: 'Take time for the person: ask how they are and recall what you shared before.' },
    no: { kind: 'do', text: 'Keep it businesslike; they value the work over rapport.' },
  },
  dislikesSmallTalk: {
    yes: { kind: 'dont', text: 'Don’t make small talk; open with the agenda.' },
    no: { kind: 'do', text: 'A few minutes of small talk is welcome.' },
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
    return [{ ...(value ? ADVICE[flag].yes : ADVICE[flag].no), flag }];
  });
  return { dos: tips.filter((tip) => tip.kind === 'do'), donts: tips.filter((tip) => tip.kind === 'dont') };
}
