/** Preferred tone, approach and personality, and the preference flags as do/don't advice. */
import { useId, useState } from 'react';
import { Button } from '@/components/ui/Button';
import type { Insights } from '@/lib/models';
import { tipsFromFlags, type Tip } from '@/lib/format/tips';
import { landFocusWhenGone } from '../focus-landing';

function TipList({ title, tips, className }: { title: string; tips: Tip[]; className: string }) {
  const id = useId();
  if (tips.length === 0) return null;
  return (
    <div className={className}>
      <h3 id={id}>{title}</h3>
      <ul aria-labelledby={id}>
        {tips.map((tip) => (
          <li key={tip.flag}>
            {tip.text} <span className="tip-source">From their profile: {tip.because}.</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** How much of a long personality summary is shown before "Show the whole summary" (about eight lines at the panel's width). */
export const SUMMARY_SHOWN_CHARS = 600;

/** `text` cut to about `max` characters, at a space, by code point (an emoji is not cut in half). */
function cutAt(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const head = chars.slice(0, max).join('');
  const space = head.lastIndexOf(' ');
  return `${(space > max / 2 ? head.slice(0, space) : head).trimEnd()}…`;
}

function Summary({ text }: { text: string }) {
  const [whole, setWhole] = useState(false);
  const id = useId();
  const short = cutAt(text, SUMMARY_SHOWN_CHARS);
  return (
    <>
      <p className="summary" dir="auto" id={id}>
        {whole ? text : short}
      </p>
      {short !== text ? (
        // Gone with a refresh that shortened the summary while the user is on it: focus lands on the section's heading.
        <Button ref={landFocusWhenGone} variant="secondary" aria-expanded={whole} aria-controls={id} onClick={() => setWhole(!whole)}>
          Show the whole summary
        </Button>
      ) : null}
    </>
  );
}

export function HowToTalk({ insights }: { insights: Insights }) {
  const headingId = useId();
  const { dos, donts } = tipsFromFlags(insights.flags);
  const { preferredTone, communicationApproach, personalitySummary } = insights;
  if (!preferredTone && !communicationApproach && !personalitySummary && dos.length + donts.length === 0) return null;
  return (
    // Gone with a refresh while the user is on it: focus lands on the briefing's heading (focus-landing.ts).
    <section className="panel-section" tabIndex={0} aria-labelledby={headingId} ref={landFocusWhenGone}>
      <h2 id={headingId} tabIndex={-1}>How to talk to them</h2>
      {preferredTone || communicationApproach ? (
        <dl className="facts">
          {preferredTone ? (
            <div>
              <dt>Tone</dt>
              <dd dir="auto">{preferredTone}</dd>
            </div>
          ) : null}
          {communicationApproach ? (
            <div>
              <dt>Approach</dt>
              <dd dir="auto">{communicationApproach}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {personalitySummary ? <Summary text={personalitySummary} /> : null}
      <div className="tips">
        <TipList title="Do" tips={dos} className="tips-do" />
        <TipList title="Don’t" tips={donts} className="tips-dont" />
      </div>
    </section>
  );
}
