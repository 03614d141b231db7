/** Topics to raise, grouped by where they come from, and topics to avoid, set clearly apart. */
import { useId } from 'react';
import type { Insights } from '@/lib/models';
import { sourcedTopicsToRaise, type TopicSource } from '@/lib/format/briefing';
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

// In this order: what came up lately first, long-standing interests last.
const SOURCES: { source: TopicSource; label: string }[] = [
  { source: 'recent', label: 'Recent' },
  { source: 'favourite', label: 'Favourites' },
  { source: 'interest', label: 'Interests' },
];

export function Topics({ insights }: { insights: Insights }) {
  const headingId = useId();
  const raise = sourcedTopicsToRaise(insights);
  const groups = SOURCES.map(({ source, label }) => ({
    label,
    topics: raise.filter((topic) => topic.source === source).map(({ topic }) => topic),
  })).filter(({ topics }) => topics.length > 0);
  const avoid = uniqueTopics(insights.sensitiveTopics);
  if (raise.length === 0 && avoid.length === 0) return null;
  return (
    <section className="panel-section" tabIndex={0} aria-labelledby={headingId}>
      <h2 id={headingId}>Topics</h2>
      {groups.length > 0 ? (
        <div className="topics-raise">
          <h3>Raise</h3>
          {groups.map(({ label, topics }) => (
            <div key={label} className="topic-group">
              {/* Said by the list's name for screen readers; seen here. */}
              <span className="topic-source" aria-hidden="true">
                {label}
              </span>
              <TopicList topics={topics} label={`Topics to raise: ${label.toLowerCase()}`} />
            </div>
          ))}
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
