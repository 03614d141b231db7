/** The button under a list drawn a part at a time (show-more.ts): says how many there are, and of what. */
import { Button } from '@/components/ui/Button';
import { landFocusWhenGone } from './focus-landing';

/** `label`: the list's name, said with the count ("Show all 120 topics to avoid"). */
export function ShowAllButton({ total, label, onClick }: { total: number; label: string; onClick: () => void }) {
  return (
    <Button ref={landFocusWhenGone} variant="secondary" className="show-all" onClick={onClick} aria-label={`Show all ${total} ${label.toLowerCase()}`}>
      Show all {total}
    </Button>
  );
}
