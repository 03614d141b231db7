/** Topics to raise, grouped by where they come from, and topics to avoid, set clearly apart. */
import { useId } from 'react';
import type { Insights } from '@/lib/models';
import { sourcedTopicsToRaise, type TopicSource } from '@/lib/format/briefing';
import type { TopicPeople } from '@/lib/format/meeting';
import { surfaceNoun } from '@/lib/format/surface';
import type { PageSurface } from '@/lib/panel/context';
import { topicKey, uniqueTopics } from '@/lib/format/text';
import { landFocusWhenGone } from '../focus-landing';
import { useShowMore } from '../show-more';
import { PeopleList } from '../PersonLabel';
import { ShowAllButton } from '../ShowAllButton';

/** Topics to raise shown per source before "Show all": 150 of them pushed the topics to avoid thousands of pixels down. */
export const TOPICS_SHOWN = 12;

/**
 * Topics to avoid shown before "Show all": every one an ordinary briefing has (the warning is
 * whole), not the thousands a misbehaving server lists.
 */
export const AVOID_SHOWN = 40;

/** `limit`: chips shown before a "Show all" button (all of them without one). */
export function TopicList({ topics, label, limit = Infinity }: { topics: readonly string[]; label: string; limit?: number }) {
  const unique = uniqueTopics(topics);
  const { shown, left, listRef, more } = useShowMore(unique.length, limit);
  return (
    <>
      <ul className="chips" aria-label={label} ref={listRef}>
        {unique.slice(0, shown).map((topic) => (
          <li key={topic.toLowerCase()} dir="auto" tabIndex={-1} ref={landFocusWhenGone}>
            {topic}
          </li>
        ))}
      </ul>
      {left > 0 ? <ShowAllButton total={unique.length} label={label} onClick={() => more()} /> : null}
    </>
  );
}

/** This person's topics someone else in the meeting is to avoid, with whom they concern; a part at a time. */
function NotHereList({ entries, label }: { entries: readonly TopicPeople[]; label: string }) {
  const { shown, left, listRef, more } = useShowMore(entries.length, AVOID_SHOWN);
  return (
    <>
      <ul className="chips" aria-label={label} ref={listRef}>
        {/* The topic and each name isolated apart: one chip of dir="auto" took its direction from the topic, and a Hebrew name's "(matched by name)" went before it. */}
        {entries.slice(0, shown).map(({ topic, people }) => (
          <li key={topicKey(topic)} tabIndex={-1} ref={landFocusWhenGone}>
            <bdi>{topic}</bdi> (<PeopleList people={people} />)
          </li>
        ))}
      </ul>
      {left > 0 ? <ShowAllButton total={entries.length} label={label} onClick={() => more()} /> : null}
    </>
  );
}

// In this order: what came up lately first, long-standing interests last.
const SOURCES: { source: TopicSource; label: string }[] = [
  { source: 'recent', label: 'Recent' },
  { source: 'favourite', label: 'Favourites' },
  { source: 'interest', label: 'Interests' },
];

/** What a meeting (or an e-mail conversation: `kind`) is not to raise, and whom each concerns. */
export interface MeetingAvoids {
  avoids: readonly TopicPeople[];
  kind: PageSurface['kind'];
}

/**
 * `meetingAvoids`: opened from a meeting's briefing, the topics someone else in the meeting is to
 * avoid: everyone hears what is raised there, so they are not among this person's topics to raise,
 * and the ones they would have been are said apart, with whom they concern. So for a conversation
 * by e-mail, said in its words (no one meets in a thread).
 */
export function Topics({ insights, meetingAvoids }: { insights: Insights; meetingAvoids?: MeetingAvoids }) {
  const headingId = useId();
  const own = sourcedTopicsToRaise(insights);
  const avoidedHere = new Map((meetingAvoids?.avoids ?? []).map((entry) => [topicKey(entry.topic), entry]));
  const kind = meetingAvoids?.kind ?? 'event';
  const where = `this ${surfaceNoun(kind)}`;
  const raise = own.filter(({ topic }) => !avoidedHere.has(topicKey(topic)));
  const notHere = own.flatMap(({ topic }) => {
    const entry = avoidedHere.get(topicKey(topic));
    return entry ? [{ topic, people: entry.people }] : [];
  });
  const groups = SOURCES.map(({ source, label }) => ({
    label,
    topics: raise.filter((topic) => topic.source === source).map(({ topic }) => topic),
  })).filter(({ topics }) => topics.length > 0);
  const avoid = uniqueTopics(insights.sensitiveTopics);
  if (raise.length === 0 && avoid.length === 0 && notHere.length === 0) return null;
  return (
    // Gone with a refresh while the user is on it: focus lands on the briefing's heading (focus-landing.ts).
    <section className="panel-section" tabIndex={0} aria-labelledby={headingId} ref={landFocusWhenGone}>
      {/* Takes focus when a chip or "Show all" the user is on goes with a refresh (focus-landing.ts). */}
      <h2 id={headingId} tabIndex={-1}>Topics</h2>
      {groups.length > 0 ? (
        <div className="topics-raise">
          <h3>Raise</h3>
          {groups.map(({ label, topics }) => (
            <div key={label} className="topic-group">
              {/* Said by the list's name for screen readers; seen here. */}
              <span className="topic-source" aria-hidden="true">
                {label}
              </span>
              <TopicList topics={topics} label={`Topics to raise: ${label.toLowerCase()}`} limit={TOPICS_SHOWN} />
            </div>
          ))}
        </div>
      ) : null}
      {notHere.length > 0 ? (
        <div className="topics-avoid">
          <h3>
            <span aria-hidden="true">⚠ </span>Not in {where}
          </h3>
          <p className="subtle">
            {kind === 'event' ? 'Others there would rather avoid these, and everyone hears what is raised.' : 'Others on it would rather avoid these, and everyone on it reads what is written.'}
          </p>
          <NotHereList entries={notHere} label={`Topics not to raise in ${where}`} />
        </div>
      ) : null}
      {avoid.length > 0 ? (
        <div className="topics-avoid">
          <h3>
            <span aria-hidden="true">⚠ </span>Avoid
          </h3>
          <TopicList topics={avoid} label="Topics to avoid" limit={AVOID_SHOWN} />
        </div>
      ) : null}
    </section>
  );
}
