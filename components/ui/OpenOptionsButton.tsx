/** "Open Primer options": the next step wherever the setup, the key or a site's switch is the cause. */
import { browser } from '#imports';
import { Button } from './Button';

export function OpenOptionsButton() {
  return <Button onClick={() => void browser.runtime.openOptionsPage()}>Open Primer options</Button>;
}
