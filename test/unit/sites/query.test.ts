import { describe, expect, it } from 'vitest';
import { queryAll, queryFirst } from '@/lib/sites/query';

function page(html: string): Document {
  return new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
}

const ids = (elements: Element[]) => elements.map((el) => el.id);

describe('querying with a list of selectors', () => {
  const doc = page(`
    <div id="a" class="x"><span id="b" class="y"></span><span id="c" class="x y"></span></div>
    <p id="d" class="y"><b id="e" data-k="1"></b></p>`);

  it('finds what the joined list finds: each element once, in document order', () => {
    const selectors = ['.y', '.x', '[data-k]'];
    expect(ids(queryAll(doc, selectors))).toEqual(ids([...doc.querySelectorAll(selectors.join(', '))]));
    expect(ids(queryAll(doc, selectors))).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('keeps one selector’s own order and returns nothing when nothing matches', () => {
    expect(ids(queryAll(doc, ['.nothing', '.y']))).toEqual(['b', 'c', 'd']);
    expect(queryAll(doc, ['.nothing', 'article'])).toEqual([]);
    expect(queryAll(doc, [])).toEqual([]);
  });

  it('searches below the root only', () => {
    const root = doc.getElementById('a')!;
    expect(ids(queryAll(root, ['.x', '.y']))).toEqual(['b', 'c']);
  });

  it('queryFirst answers the first in document order, whichever selector found it', () => {
    expect(queryFirst(doc, ['[data-k]', '.y'])?.id).toBe('b');
    expect(queryFirst(doc, ['p', 'div'])?.id).toBe('a');
    expect(queryFirst(doc, ['.nothing'])).toBeNull();
  });
});
