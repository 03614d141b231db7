/**
 * Firefox closes an extension's toolbar popup as soon as a file dialog opens from it, or a file is
 * dragged in from another window (focus leaves the popup; Mozilla bug 1292701, still open): the
 * file never arrives. There the form offers to go on in a tab, carrying over what was entered.
 */
import { browser } from '#imports';
import { saveDraft, type UploadDraft } from '@/lib/upload/draft';

/** Whether this page is Firefox's toolbar popup (the same page in a tab keeps its file dialog). */
export async function filesNeedATab(): Promise<boolean> {
  if (!import.meta.env.FIREFOX) return false;
  try {
    return (await browser.tabs.getCurrent()) === undefined;
  } catch {
    return false;
  }
}

/** Opens the upload form in a tab with `draft` filled in, and closes the popup. */
export async function continueInTab(draft: UploadDraft): Promise<void> {
  await saveDraft(draft);
  // The page the popup was opened on goes along: in its own tab, the form is the active tab.
  const [page] = await browser.tabs.query({ active: true, currentWindow: true }).catch(() => []);
  await browser.tabs.create({ url: browser.runtime.getURL(`/popup.html?tab=${page?.id ?? ''}`) });
  window.close();
}
