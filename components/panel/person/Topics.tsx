/** Topics to raise and topics to avoid, set clearly apart. */
import { useId } from 'react';
import type { Insights } from '@/lib/models';
import { topicsToRaise } from '@/lib/format/briefing';
import { uniqueTopics } from '@/lib/format/text';

export function TopicList({ topics, label }: { topics: readonly string[]; label: string }) {
  return (
    <ul className="chips" aria-label={label}>
      {uniqueTopics(topics).map((topic) => (
        <li key={topic.toLowerCase()}>{topic}</li>
      ))}
    </ul>
  );
}

export function Topics({ insights }: { insights: Insights }) {
  const headingId = useId();
  const raise = topicsToRaise(insights);
  const avoid = uniqueTopics(insights.sensitiveTopics);
  if (raise.length === 0 && avoid.length === 0) return null;
  return (
    <section className="panel-section" tabIndex={0} aria-labelledby={headingId}>
      <h2 id={headingId}>Topics</h2>
      {raise.length > 0 ? (
        <div className="topics-raise">
          <h3>Raise</h3>
          <TopicList topics={raise} label="Topics to raise" />
        </div>
      ) : null}
      {avoid.length > 0 ? (
        <div className="topics-avoid">
          <h3>
            <span aria-hidden="true">⚠ </span>Avoid
          </h3>
          <TopicList topics={avoid} label="Topics to avoid" />
        </div>
      ) : null}
    </section>
  );
}
