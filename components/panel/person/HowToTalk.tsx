/** Preferred tone, approach and personality, and the preference flags as do/don't advice. */
import { useId } from 'react';
import type { Insights } from '@/lib/models';
import { tipsFromFlags, type Tip } from '@/lib/format/tips';

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

export function HowToTalk({ insights }: { insights: Insights }) {
  const headingId = useId();
  const { dos, donts } = tipsFromFlags(insights.flags);
  const { preferredTone, communicationApproach, personalitySummary } = insights;
  if (!preferredTone && !communicationApproach && !personalitySummary && dos.length + donts.length === 0) return null;
  return (
    <section className="panel-section" tabIndex={0} aria-labelledby={headingId}>
      <h2 id={headingId}>How to talk to them</h2>
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
      {personalitySummary ? (
        <p className="summary" dir="auto">
          {personalitySummary}
        </p>
      ) : null}
      <div className="tips">
        <TipList title="Do" tips={dos} className="tips-do" />
        <TipList title="Don’t" tips={donts} className="tips-dont" />
      </div>
    </section>
  );
}
