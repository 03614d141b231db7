/** The sample Google Calendar event the demo opens: the event-popup fixture at its real address. */
import fs from 'node:fs';
import path from 'node:path';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');

interface ExpectedPages {
  pages: { file: string; views: { url: string }[] }[];
}

const FILE = 'calendar/event-popup.html';
const expected = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'expected.json'), 'utf8')) as ExpectedPages;
const url = expected.pages.find((page) => page.file === FILE)?.views[0]?.url;
if (!url) throw new Error(`test/fixtures/expected.json has no address for ${FILE}`);

export const DEMO_EVENT = { url, html: fs.readFileSync(path.join(FIXTURES, FILE), 'utf8') };
