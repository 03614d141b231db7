/**
 * Why no markers appear on the page this popup was opened over, and the fix, as the toolbar
 * badge's title says it (lib/background/lookup-health.ts): the popup is where a click on the
 * "off" badge leads. Primer not being set up at all is said by the upload section already.
 */
import { OpenOptionsButton } from '@/components/ui/OpenOptionsButton';
import { describeLookupProblem, type LookupProblem } from '@/lib/storage/lookup-problem';

export function LookupProblemNote({ problem }: { problem: LookupProblem | null }) {
  if (!problem || problem.problem === 'not_configured') return null;
  const { cause, fix } = describeLookupProblem(problem);
  return (
    <div className="popup__section popup__note">
      <div className="ui-message ui-message--error">
        <p>
          Markers are off on this page: {cause}. {fix}
        </p>
        <OpenOptionsButton />
      </div>
    </div>
  );
}
