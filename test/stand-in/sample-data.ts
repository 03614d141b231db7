/**
 * Deterministic sample data of the stand-in: ids are fixed, dates are computed relative to the start
 * of the current UTC day (so they are stable within a day, and "overdue" stays overdue).
 *
 * `SAMPLE_*` are built once at import; `sampleState()` builds a fresh deep copy for "now".
 */

export const SAMPLE_API_KEY = 'test-key-123';
/** A second, fixed key that may only read (POST/DELETE answer 403). */
export const READONLY_API_KEY = 'readonly-key';

export interface Contact {
  id: string;
  name: string;
  email: string;
  company: string | null;
  title: string | null;
  created_at: string;
}

export interface Participant {
  contact_id: string | null;
  name: string;
  email: string | null;
}

export interface TranscriptSegment {
  speaker: string;
  /** seconds from the start */
  start: number;
  end: number;
  text: string;
}

export interface RecordingActionItem {
  text: string;
  owner: string | null;
  /** YYYY-MM-DD */
  due_date: string | null;
  /** Sent only when set: most items say nothing of it. */
  status?: 'open' | 'done';
}

export interface RecordingInsights {
  action_items: RecordingActionItem[];
  key_decisions: string[];
  topics_discussed: string[];
}

export type RecordingStatus = 'uploading' | 'queued' | 'processing' | 'completed' | 'failed';

export interface Recording {
  id: string;
  filename: string;
  title: string;
  meeting_date: string;
  status: RecordingStatus;
  progress: number;
  primary_contact_id: string | null;
  participants: Participant[];
  duration_seconds: number | null;
  created_at: string;
  /** only on failed recordings */
  error?: string;
}

/** A recording as stored: the public fields plus what processing produced. */
export interface SampleRecording extends Recording {
  transcript: TranscriptSegment[] | null;
  insights: RecordingInsights | null;
}

export interface PendingActionItem {
  text: string;
  /** YYYY-MM-DD */
  due_date: string | null;
  owner: string | null;
  status: 'open';
  /** The recording the item was raised in, when there is one. */
  recording_id?: string;
}

/** Insights of a contact as stored; absent keys are omitted from replies, null ones sent as null. */
export interface ContactInsights {
  contact_id: string;
  communication_approach?: string | null;
  preferred_tone?: string | null;
  personality_summary?: string | null;
  recent_topics?: string[] | null;
  favorite_topics?: string[] | null;
  interests?: string[] | null;
  sensitive_topics?: string[] | null;
  pending_action_items?: PendingActionItem[] | null;
  last_conversation_date?: string | null;
  total_conversations?: number;
  prefers_data_driven?: boolean | null;
  prefers_direct?: boolean | null;
  values_relationships?: boolean | null;
  dislikes_small_talk?: boolean | null;
  prefers_brevity?: boolean | null;
  dislikes_jargon?: boolean | null;
  updated_at?: string;
}

export interface SampleState {
  contacts: Contact[];
  /** by contact id; contacts without an entry have no insights yet */
  insights: Record<string, ContactInsights>;
  recordings: SampleRecording[];
}

/** Ids of the hand-made contacts, for tests and the demo. */
export const CONTACT_IDS = {
  mayaChen: 'ctc_maya_chen',
  priyaRaman: 'ctc_priya_raman',
  tomOkafor: 'ctc_tom_okafor',
  sofiaAlvarez: 'ctc_sofia_alvarez',
  danielWeiss: 'ctc_daniel_weiss',
  graceLiu: 'ctc_grace_liu',
  omarHaddad: 'ctc_omar_haddad',
  jonasBerg: 'ctc_jonas_berg',
  alexKimCom: 'ctc_alex_kim_1',
  alexKimOrg: 'ctc_alex_kim_2',
  lenaNovak: 'ctc_lena_novak',
  eveMoreau: 'ctc_eve_moreau',
} as const;

/** The account holder, who appears in every sample meeting (not a contact). */
export const ACCOUNT_USER: Participant = { contact_id: null, name: 'Jordan Lee', email: 'jordan.lee@example.com' };

export function recordingId(n: number): string {
  return `7c1e4a52-9d3b-4f60-8a21-${String(n).padStart(12, '0')}`;
}

/** Ids of the sample recordings, by what they show. */
export const RECORDING_IDS = {
  mayaRoadmap: recordingId(1),
  mayaPricing: recordingId(2),
  mayaProcessing: recordingId(3),
  mayaKickoff: recordingId(4),
  sofiaPartnership: recordingId(5),
  sofiaLaunch: recordingId(6),
  danielRestructuring: recordingId(7),
  graceRenewal: recordingId(8),
  omarFailed: recordingId(9),
  jonasQueued: recordingId(10),
  alexOrgProcurement: recordingId(11),
  lenaDesign: recordingId(12),
  alexComSecurity: recordingId(13),
  allHandsNoContact: recordingId(14),
} as const;

const DAY = 86_400_000;

/** Start of the current UTC day. */
function dayAnchor(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}

class Clock {
  constructor(readonly anchor: number) {}
  /** ISO timestamp `days` days before the anchor at hh:mm UTC. */
  ago(days: number, hour = 15, minute = 0): string {
    return new Date(this.anchor - days * DAY + (hour * 60 + minute) * 60_000).toISOString();
  }
  /** YYYY-MM-DD `days` from today (negative = past). */
  date(days: number): string {
    return new Date(this.anchor + days * DAY).toISOString().slice(0, 10);
  }
}

/** A short made-up conversation between two speakers touching the given topics. */
export function buildTranscript(speakers: readonly [string, string], topics: readonly string[]): TranscriptSegment[] {
  const t = (i: number): string => topics[i % Math.max(topics.length, 1)] ?? 'the next steps';
  const [a, b] = speakers;
  const lines: [string, string][] = [
    [a, `Thanks for making the time today. I wanted to start with ${t(0)}.`],
    [b, `Sure. On ${t(0)} we are mostly aligned, but I would like to see the numbers first.`],
    [a, `Understood, I will put them together. Next, ${t(1)}: where do we stand?`],
    [b, `We made good progress on ${t(1)}. I will send a written update by Friday.`],
    [a, `Great. Anything else, maybe ${t(2)}?`],
    [b, `Let us pick ${t(2)} up next time. Thanks, talk soon!`],
  ];
  const segments: TranscriptSegment[] = [];
  let clock = 0.4;
  for (const [speaker, text] of lines) {
    const length = Math.round((text.length / 14) * 10) / 10;
    segments.push({ speaker, start: Math.round(clock * 10) / 10, end: Math.round((clock + length) * 10) / 10, text });
    clock += length + 0.8;
  }
  return segments;
}

const FILLER_FIRST = ['Avery', 'Blake', 'Casey', 'Dana', 'Eli', 'Farah', 'Gabe', 'Hana', 'Ivan', 'Jade', 'Kofi', 'Lia', 'Milo', 'Nia', 'Oren', 'Pia', 'Quinn', 'Rosa', 'Sami', 'Tara', 'Uma', 'Vik', 'Wren', 'Yara', 'Zane'];
const FILLER_LAST = ['Adams', 'Brooks', 'Costa', 'Duarte', 'Evans', 'Fischer', 'Gupta', 'Hughes', 'Ito'];
const FILLER_COMPANIES = ['Contoso', 'Fabrikam', 'Tailspin Toys', null, 'Wingtip', 'Litware'];
export const FILLER_COUNT = 125;

function buildContacts(c: Clock): Contact[] {
  const main: Contact[] = [
    { id: CONTACT_IDS.mayaChen, name: 'Maya Chen', email: 'maya.chen@example.com', company: 'Northwind Analytics', title: 'VP Engineering', created_at: c.ago(200, 9) },
    { id: CONTACT_IDS.priyaRaman, name: 'Priya Raman', email: 'priya.raman@example.com', company: 'Globex', title: 'Head of Procurement', created_at: c.ago(150, 10) },
    { id: CONTACT_IDS.tomOkafor, name: 'Tom Okafor', email: 'tom.okafor@example.org', company: null, title: null, created_at: c.ago(20, 11) },
    { id: CONTACT_IDS.sofiaAlvarez, name: 'Sofia Alvarez', email: 'sofia.alvarez@example.com', company: 'Initech', title: 'Partnerships Director', created_at: c.ago(180, 12) },
    { id: CONTACT_IDS.danielWeiss, name: 'Daniel Weiss', email: 'daniel.weiss@example.net', company: 'Umbrella Corp', title: 'COO', created_at: c.ago(170, 13) },
    { id: CONTACT_IDS.graceLiu, name: 'Grace Liu', email: 'grace.liu@example.org', company: 'Hooli', title: 'Legal Counsel', created_at: c.ago(160, 14) },
    { id: CONTACT_IDS.omarHaddad, name: 'Omar Haddad', email: 'omar.haddad@example.com', company: 'Vandelay Industries', title: 'Marketing Lead', created_at: c.ago(140, 8) },
    { id: CONTACT_IDS.jonasBerg, name: 'Jonas Berg', email: 'Jonas.Berg@Example.org', company: 'Stark Logistics', title: 'Operations Manager', created_at: c.ago(60, 16) },
    { id: CONTACT_IDS.alexKimCom, name: 'Alex Kim', email: 'alex.kim@example.com', company: 'Northwind Analytics', title: 'Security Engineer', created_at: c.ago(130, 9, 30) },
    { id: CONTACT_IDS.alexKimOrg, name: 'Alex Kim', email: 'akim@example.org', company: 'Acme Procurement', title: 'Buyer', created_at: c.ago(90, 10, 30) },
    { id: CONTACT_IDS.lenaNovak, name: 'Lena Novak-Brandt', email: 'lena.novak@example.net', company: 'Soylent Design', title: 'Design Director', created_at: c.ago(110, 11, 30) },
  ];
  const fillers: Contact[] = [];
  for (let i = 0; i < FILLER_COUNT; i++) {
    const f = i % FILLER_FIRST.length;
    const block = Math.floor(i / FILLER_FIRST.length);
    const n = String(i + 1).padStart(3, '0');
    fillers.push({
      id: `ctc_person${n}`,
      name: `${FILLER_FIRST[f] ?? 'Person'} ${FILLER_LAST[(block * 2 + f) % FILLER_LAST.length] ?? n}`,
      email: `person${n}@example.net`,
      company: FILLER_COMPANIES[i % FILLER_COMPANIES.length] ?? null,
      title: i % 4 === 0 ? null : 'Account Manager',
      created_at: c.ago(300 - i, 9 + (i % 8)),
    });
  }
  // Listed last, so the fillers keep their places (tests take the first contacts for meetings).
  // Her name carries an attribute break-out and an element, as a hostile sender could set it: the
  // fixture pages show her under it, so every place that renders a known contact's name meets it.
  const hostile: Contact[] = [
    { id: CONTACT_IDS.eveMoreau, name: 'Eve "><img src=x onerror=window.__pwned=1>', email: 'eve.moreau@example.org', company: 'Redteam Labs', title: 'Security Researcher', created_at: c.ago(45, 10) },
  ];
  return [...main, ...fillers, ...hostile];
}

function buildInsights(c: Clock): Record<string, ContactInsights> {
  const I = CONTACT_IDS;
  const R = RECORDING_IDS;
  const list: ContactInsights[] = [
    {
      contact_id: I.mayaChen,
      communication_approach: 'Lead with data and a clear recommendation; she decides quickly once the numbers are on the table.',
      preferred_tone: 'friendly',
      personality_summary: 'Analytical, warm and direct. Values teams that follow through on commitments.',
      recent_topics: ['Q3 roadmap', 'data platform pricing', 'hiring two senior engineers'],
      favorite_topics: ['trail running', 'observability tooling'],
      interests: ['marathons', 'sci-fi novels', 'specialty coffee'],
      sensitive_topics: ['the delayed Atlas migration'],
      pending_action_items: [
        { text: 'Send revised pricing proposal', due_date: c.date(-4), owner: 'Jordan Lee', status: 'open', recording_id: R.mayaPricing },
        { text: 'Share the SOC 2 report', due_date: c.date(3), owner: 'Jordan Lee', status: 'open', recording_id: R.mayaRoadmap },
        { text: 'Introduce Maya to our solutions architect', due_date: c.date(10), owner: null, status: 'open' },
        { text: 'Confirm headcount for the pilot', due_date: null, owner: 'Maya Chen', status: 'open', recording_id: R.mayaRoadmap },
      ],
      last_conversation_date: c.ago(3, 15),
      total_conversations: 7,
      prefers_data_driven: true,
      prefers_direct: true,
      values_relationships: true,
      dislikes_small_talk: false,
      prefers_brevity: true,
      dislikes_jargon: false,
      updated_at: c.ago(3, 16),
    },
    {
      contact_id: I.priyaRaman,
      preferred_tone: 'formal',
      recent_topics: ['renewal pricing', 'SSO rollout'],
      communication_approach: null,
      last_conversation_date: null,
    },
    {
      contact_id: I.sofiaAlvarez,
      communication_approach: 'Enjoys brainstorming; give her options rather than a single answer.',
      preferred_tone: 'casual',
      personality_summary: 'Energetic connector who thinks in partnerships and ecosystems.',
      recent_topics: [
        'co-marketing plan', 'joint webinar', 'partner tiering', 'referral fees', 'EMEA expansion', 'launch checklist',
        'press release wording', 'API rate limits', 'sandbox accounts', 'certification program', 'case study with Initech',
        'booth at SaaStr', 'partner portal', 'revenue share', 'support escalation path', 'shared Slack channel',
      ],
      favorite_topics: ['salsa dancing', 'Lisbon', 'community building', 'board games'],
      interests: ['photography', 'podcasts', 'urban gardening', 'Formula 1', 'jazz', 'cooking'],
      sensitive_topics: null,
      pending_action_items: Array.from({ length: 11 }, (_, i) => ({
        text: `Partnership follow-up #${i + 1}: ${['draft co-marketing brief', 'book webinar slot', 'send partner tier matrix', 'review referral terms', 'prepare EMEA list', 'finalise launch checklist', 'approve press release', 'raise API limits', 'create sandbox accounts', 'schedule certification', 'collect case study quotes'][i] ?? 'follow up'}`,
        due_date: i % 3 === 0 ? c.date(-2 - i) : i % 3 === 1 ? c.date(5 + i) : null,
        owner: i % 2 === 0 ? 'Sofia Alvarez' : 'Jordan Lee',
        status: 'open' as const,
        // The first three were raised in the partnership deep dive; the rest came up elsewhere.
        ...(i < 3 ? { recording_id: R.sofiaPartnership } : {}),
      })),
      last_conversation_date: c.ago(10, 14),
      total_conversations: 12,
      prefers_data_driven: false,
      prefers_direct: false,
      values_relationships: true,
      dislikes_small_talk: false,
      prefers_brevity: false,
      dislikes_jargon: true,
      updated_at: c.ago(10, 15),
    },
    {
      contact_id: I.danielWeiss,
      communication_approach: 'Be concise and careful; he is under pressure from the board.',
      preferred_tone: 'formal',
      personality_summary: 'Pragmatic operator, guarded about internal changes.',
      recent_topics: ['operating costs', 'vendor consolidation'],
      favorite_topics: ['sailing'],
      interests: null,
      sensitive_topics: ['layoffs', 'the Q3 reorg', 'budget cuts in his team'],
      pending_action_items: [{ text: 'Send cost comparison for vendor consolidation', due_date: c.date(2), owner: 'Jordan Lee', status: 'open', recording_id: R.danielRestructuring }],
      last_conversation_date: c.ago(6, 13),
      total_conversations: 3,
      prefers_data_driven: true,
      prefers_direct: true,
      values_relationships: null,
      dislikes_small_talk: true,
      prefers_brevity: true,
      updated_at: c.ago(6, 14),
    },
    {
      contact_id: I.graceLiu,
      communication_approach: 'Put everything in writing; she reviews each clause.',
      preferred_tone: 'formal',
      recent_topics: ['contract renewal', 'data processing agreement'],
      pending_action_items: [
        { text: 'Return redlined MSA', due_date: c.date(-12), owner: 'Grace Liu', status: 'open', recording_id: R.graceRenewal },
        { text: 'Send updated DPA with EU clauses', due_date: c.date(-7), owner: 'Jordan Lee', status: 'open', recording_id: R.graceRenewal },
        { text: 'Confirm liability cap with finance', due_date: c.date(-1), owner: 'Jordan Lee', status: 'open' },
      ],
      last_conversation_date: c.ago(25, 10),
      total_conversations: 4,
      prefers_data_driven: false,
      prefers_direct: true,
      values_relationships: false,
      dislikes_small_talk: true,
      prefers_brevity: true,
      dislikes_jargon: true,
      updated_at: c.ago(25, 11),
    },
    {
      contact_id: I.omarHaddad,
      communication_approach: 'Visual thinker: <b>show</b> mock-ups, not spreadsheets.',
      preferred_tone: 'casual',
      personality_summary: 'Creative & curious; "always testing new channels".',
      recent_topics: ['website audit', '<img src=x onerror=alert(1)>', '<script>alert("topic")</script> campaign'],
      favorite_topics: ['street art'],
      interests: ['skateboarding', 'typography'],
      sensitive_topics: [],
      pending_action_items: [],
      last_conversation_date: c.ago(40, 12),
      total_conversations: 2,
      prefers_data_driven: false,
      prefers_direct: null,
      values_relationships: true,
      dislikes_small_talk: false,
      prefers_brevity: null,
      dislikes_jargon: true,
      updated_at: c.ago(12, 9),
    },
    {
      contact_id: I.jonasBerg,
      preferred_tone: 'casual',
      recent_topics: ['warehouse scanners'],
      interests: ['ice hockey'],
      total_conversations: 1,
      last_conversation_date: c.ago(50, 9),
      prefers_direct: true,
      updated_at: c.ago(50, 10),
    },
    {
      contact_id: I.alexKimCom,
      communication_approach: 'Technical deep dives; bring an engineer.',
      preferred_tone: 'friendly',
      personality_summary: 'Detail-oriented security engineer.',
      recent_topics: ['security questionnaire', 'SSO', 'pen test results'],
      favorite_topics: ['CTF competitions'],
      interests: ['rock climbing'],
      pending_action_items: [{ text: 'Send pen test summary', due_date: c.date(6), owner: 'Jordan Lee', status: 'open', recording_id: R.alexComSecurity }],
      last_conversation_date: c.ago(3, 15),
      total_conversations: 3,
      prefers_data_driven: true,
      prefers_direct: true,
      values_relationships: false,
      dislikes_small_talk: true,
      prefers_brevity: false,
      dislikes_jargon: false,
      updated_at: c.ago(3, 16),
    },
    {
      contact_id: I.alexKimOrg,
      communication_approach: 'Formal procurement process; respect the RFP timeline.',
      preferred_tone: 'formal',
      personality_summary: 'Process-driven buyer focused on total cost.',
      recent_topics: ['procurement Q&A', 'payment terms'],
      favorite_topics: null,
      interests: ['golf'],
      pending_action_items: [{ text: 'Answer RFP section 4 questions', due_date: c.date(-3), owner: 'Jordan Lee', status: 'open', recording_id: R.alexOrgProcurement }],
      last_conversation_date: c.ago(30, 11),
      total_conversations: 2,
      prefers_data_driven: true,
      prefers_direct: false,
      values_relationships: false,
      dislikes_small_talk: true,
      prefers_brevity: true,
      dislikes_jargon: false,
      updated_at: c.ago(30, 12),
    },
    {
      contact_id: I.lenaNovak,
      communication_approach: 'Start with the user problem; she cares about craft.',
      preferred_tone: 'friendly',
      personality_summary: null,
      recent_topics: ['design system', 'accessibility audit'],
      favorite_topics: ['architecture', 'Bauhaus'],
      interests: ['ceramics'],
      sensitive_topics: ['the cancelled rebrand'],
      last_conversation_date: c.ago(55, 14),
      total_conversations: 5,
      values_relationships: true,
      prefers_brevity: false,
      updated_at: c.ago(55, 15),
    },
    {
      // Every text the hover card and the panel show carries a payload that sets window.__pwned if
      // it is ever parsed as markup (Omar's use alert(), which a test hears as a dialog).
      contact_id: I.eveMoreau,
      communication_approach: 'Reply in writing first <img src=x onerror="window.__pwned=1"> then call.',
      preferred_tone: 'direct <script>window.__pwned=1</script>',
      personality_summary: 'Tests every form she meets: "><svg onload=window.__pwned=1>',
      recent_topics: ['bug bounty scope', '<img src=x onerror="window.__pwned=1"> report'],
      sensitive_topics: ['" onmouseover="window.__pwned=1 disclosure dates'],
      pending_action_items: [
        { text: 'Send the triage notes <img src=x onerror="window.__pwned=1">', due_date: c.date(4), owner: 'Jordan Lee', status: 'open' },
      ],
      last_conversation_date: c.ago(8, 11),
      total_conversations: 2,
      prefers_direct: true,
      updated_at: c.ago(8, 12),
    },
  ];
  return Object.fromEntries(list.map((entry) => [entry.contact_id, entry]));
}

function buildRecordings(c: Clock, contacts: Contact[]): SampleRecording[] {
  const byId = new Map(contacts.map((contact) => [contact.id, contact]));
  const person = (id: string): Participant => {
    const contact = byId.get(id);
    if (contact === undefined) throw new Error(`sample data: unknown contact ${id}`);
    return { contact_id: contact.id, name: contact.name, email: contact.email };
  };
  const R = RECORDING_IDS;
  const I = CONTACT_IDS;
  interface Spec {
    id: string;
    filename: string;
    title: string;
    daysAgo: number;
    hour: number;
    contact: string | null;
    others?: Participant[];
    status: RecordingStatus;
    progress?: number;
    duration: number | null;
    topics: string[];
    decisions?: string[];
    actions?: RecordingActionItem[];
    error?: string;
  }
  const specs: Spec[] = [
    {
      id: R.mayaRoadmap, filename: 'maya-q3-roadmap.mp3', title: 'Q3 roadmap review', daysAgo: 3, hour: 15, contact: I.mayaChen,
      others: [person(I.alexKimCom)], status: 'completed', duration: 2710, topics: ['Q3 roadmap', 'hiring two senior engineers', 'SOC 2 report'],
      decisions: ['Pilot starts with the analytics team', 'Pricing review moves to next week'],
      actions: [
        { text: 'Share the SOC 2 report', owner: 'Jordan Lee', due_date: c.date(3) },
        { text: 'Confirm headcount for the pilot', owner: 'Maya Chen', due_date: null },
      ],
    },
    {
      id: R.mayaPricing, filename: 'maya-pricing.m4a', title: 'Data platform pricing', daysAgo: 17, hour: 10, contact: I.mayaChen,
      status: 'completed', duration: 1830, topics: ['data platform pricing', 'volume discounts', 'contract length'],
      decisions: ['Two-year term preferred'], actions: [{ text: 'Send revised pricing proposal', owner: 'Jordan Lee', due_date: c.date(-4) }],
    },
    {
      id: R.mayaProcessing, filename: 'maya-weekly-sync.wav', title: 'Weekly sync', daysAgo: 1, hour: 9, contact: I.mayaChen,
      status: 'processing', progress: 40, duration: null, topics: [],
    },
    {
      id: R.mayaKickoff, filename: 'maya-kickoff.mp3', title: 'Kickoff call', daysAgo: 85, hour: 16, contact: I.mayaChen,
      status: 'completed', duration: 1500, topics: ['introductions', 'current observability stack', 'evaluation criteria'],
      decisions: ['Run a four-week evaluation'], actions: [{ text: 'Send evaluation plan', owner: 'Jordan Lee', due_date: c.date(-80), status: 'done' }],
    },
    {
      id: R.sofiaPartnership, filename: 'sofia-partnership.mp3', title: 'Partnership deep dive', daysAgo: 10, hour: 14, contact: I.sofiaAlvarez,
      status: 'completed', duration: 3600, topics: ['co-marketing plan', 'partner tiering', 'revenue share', 'EMEA expansion'],
      decisions: ['Gold tier for Initech', 'Joint webinar in the next quarter'],
      actions: [
        { text: 'Draft co-marketing brief', owner: 'Sofia Alvarez', due_date: c.date(-2) },
        { text: 'Send partner tier matrix', owner: 'Jordan Lee', due_date: c.date(7) },
        { text: 'Book webinar slot', owner: null, due_date: null },
      ],
    },
    {
      id: R.sofiaLaunch, filename: 'sofia-launch.webm', title: 'Launch checklist', daysAgo: 40, hour: 11, contact: I.sofiaAlvarez,
      status: 'completed', duration: 1260, topics: ['launch checklist', 'press release wording'], decisions: [], actions: [],
    },
    {
      id: R.danielRestructuring, filename: 'daniel-checkin.mp3', title: 'Operations check-in', daysAgo: 6, hour: 13, contact: I.danielWeiss,
      status: 'completed', duration: 1140, topics: ['operating costs', 'vendor consolidation'],
      decisions: ['Consolidate to two vendors by year end'], actions: [{ text: 'Send cost comparison for vendor consolidation', owner: 'Jordan Lee', due_date: c.date(2) }],
    },
    {
      id: R.graceRenewal, filename: 'grace-renewal.m4a', title: 'Contract renewal', daysAgo: 25, hour: 10, contact: I.graceLiu,
      status: 'completed', duration: 2100, topics: ['contract renewal', 'data processing agreement', 'liability cap'],
      decisions: ['Renewal term: 12 months'],
      actions: [
        { text: 'Return redlined MSA', owner: 'Grace Liu', due_date: c.date(-12) },
        { text: 'Send updated DPA with EU clauses', owner: 'Jordan Lee', due_date: c.date(-7) },
      ],
    },
    {
      id: R.omarFailed, filename: 'omar-website-audit.mp3', title: 'Website audit', daysAgo: 12, hour: 9, contact: I.omarHaddad,
      status: 'failed', progress: 40, duration: null, topics: [], error: 'Audio could not be decoded',
    },
    {
      id: R.jonasQueued, filename: 'jonas-intro.mp3', title: 'Intro call', daysAgo: 0, hour: 8, contact: I.jonasBerg,
      status: 'queued', progress: 0, duration: null, topics: [],
    },
    {
      id: R.alexOrgProcurement, filename: 'acme-procurement.mp3', title: 'Procurement Q&A', daysAgo: 30, hour: 11, contact: I.alexKimOrg,
      status: 'completed', duration: 1980, topics: ['procurement Q&A', 'payment terms'], decisions: ['Net-45 payment terms'],
      actions: [{ text: 'Answer RFP section 4 questions', owner: 'Jordan Lee', due_date: c.date(-3) }],
    },
    {
      id: R.lenaDesign, filename: 'lena-design-review.mp3', title: 'Design review', daysAgo: 55, hour: 14, contact: I.lenaNovak,
      status: 'completed', duration: 2400, topics: ['design system', 'accessibility audit'], decisions: ['Adopt WCAG 2.2 AA'], actions: [],
    },
    {
      id: R.alexComSecurity, filename: 'security-questionnaire.mp3', title: 'Security questionnaire walkthrough', daysAgo: 70, hour: 16,
      contact: I.alexKimCom, status: 'completed', duration: 2880, topics: ['security questionnaire', 'SSO', 'pen test results'],
      decisions: ['SAML SSO required'], actions: [{ text: 'Send pen test summary', owner: 'Jordan Lee', due_date: c.date(6) }],
    },
    {
      id: R.allHandsNoContact, filename: 'all-hands.mp4', title: 'Company all-hands', daysAgo: 45, hour: 17, contact: null,
      others: [{ contact_id: null, name: 'Guest Speaker', email: null }], status: 'completed', duration: 3300,
      topics: ['company update', 'quarterly goals'], decisions: [], actions: [],
    },
  ];
  return specs.map((s): SampleRecording => {
    const participants: Participant[] = [...(s.contact !== null ? [person(s.contact)] : []), ...(s.others ?? []), { ...ACCOUNT_USER }];
    const completed = s.status === 'completed';
    const meeting = c.ago(s.daysAgo, s.hour);
    const speakerB = s.contact !== null ? (byId.get(s.contact)?.name ?? 'Speaker B') : 'Guest Speaker';
    const recording: SampleRecording = {
      id: s.id,
      filename: s.filename,
      title: s.title,
      meeting_date: meeting,
      status: s.status,
      progress: completed ? 100 : (s.progress ?? 0),
      primary_contact_id: s.contact,
      participants,
      duration_seconds: s.duration,
      created_at: new Date(Date.parse(meeting) + 2 * 3_600_000).toISOString(),
      transcript: completed ? buildTranscript([ACCOUNT_USER.name, speakerB], s.topics) : null,
      insights: completed ? { action_items: s.actions ?? [], key_decisions: s.decisions ?? [], topics_discussed: s.topics } : null,
    };
    if (s.error !== undefined) recording.error = s.error;
    return recording;
  });
}

function buildSample(now: number): SampleState {
  const clock = new Clock(dayAnchor(now));
  const contacts = buildContacts(clock);
  return { contacts, insights: buildInsights(clock), recordings: buildRecordings(clock, contacts) };
}

const INITIAL = buildSample(Date.now());

export const SAMPLE_CONTACTS: readonly Contact[] = INITIAL.contacts;
export const SAMPLE_INSIGHTS: Readonly<Record<string, ContactInsights>> = INITIAL.insights;
export const SAMPLE_RECORDINGS: readonly SampleRecording[] = INITIAL.recordings;

/** A fresh deep copy of the sample data, with dates relative to today (UTC). */
export function sampleState(now: number = Date.now()): SampleState {
  return structuredClone(buildSample(now));
}
