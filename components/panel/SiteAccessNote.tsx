/**
 * The sites whose access the user has taken from Primer (Chrome's "Site access": on click, or on
 * specific sites), said where the panel finds no Primer script on the page: there, Primer reads no
 * one, and the panel alone cannot tell that page from any other site (it sees no tab addresses).
 */
import { useEffect, useState } from 'react';
import { browser } from '#imports';
import { Button } from '@/components/ui/Button';
import { joinedWithAnd } from '@/lib/format/text';
import { SITE_MATCHES } from '@/lib/sites/matches';
import { SITE_NAMES, type SiteId } from '@/lib/sites/types';

const SITE_IDS = Object.keys(SITE_MATCHES) as SiteId[];

/** Whether Primer may read `site`; taken as yes when the browser cannot say (nothing to ask for). */
async function mayRead(site: SiteId): Promise<boolean> {
  try {
    return await browser.permissions.contains({ origins: SITE_MATCHES[site] });
  } catch {
    return true;
  }
}

async function withheldSites(): Promise<SiteId[]> {
  const granted = await Promise.all(SITE_IDS.map(mayRead));
  return SITE_IDS.filter((_, index) => !granted[index]);
}

/** One function for every render: a new one each time had React focus the note on each re-render of the panel. */
const focusOnMount = (note: HTMLElement | null) => note?.focus();

export function SiteAccessNote() {
  const [withheld, setWithheld] = useState<SiteId[]>([]);
  const [allowed, setAllowed] = useState<SiteId[] | null>(null);
  useEffect(() => {
    let live = true;
    void withheldSites().then((sites) => live && setWithheld(sites));
    return () => {
      live = false;
    };
  }, []);

  const names = joinedWithAnd(withheld.map((site) => SITE_NAMES[site]));
  if (allowed) {
    const several = allowed.length > 1;
    // Focus moves here: the button just pressed is gone, and focus would fall to the page's start.
    return (
      <p tabIndex={-1} ref={focusOnMount}>
        Allowed. Reload the {joinedWithAnd(allowed.map((site) => SITE_NAMES[site]))} {several ? 'tabs' : 'tab'} to see briefings there.
      </p>
    );
  }
  if (withheld.length === 0) return null;
  const allow = () => {
    // First thing in the click: the browser asks only during the user's gesture.
    void browser.permissions
      .request({ origins: withheld.flatMap((site) => SITE_MATCHES[site]) })
      .then((granted) => granted && setAllowed(withheld))
      .catch(() => undefined);
  };
  return (
    <div className="problem">
      <p>Primer is not allowed to read {names}, so it finds no one there.</p>
      <Button onClick={allow}>Allow Primer on {names}</Button>
    </div>
  );
}
