/**
 * A bug while drawing one part of the options page must not blank the whole page (the key and
 * address settings with it): that part says so, with a way to reload, and the rest stays.
 * What went wrong is not shown (it may quote service text); it goes to the console.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@/components/ui/Button';

interface Props {
  /** What the part is, as the user knows it ("Webhooks"). */
  title: string;
  children: ReactNode;
  /** How to start over; the page's own reload unless told otherwise (tests). */
  onReload?: () => void;
}

export class SectionErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`Primer options: ${this.props.title} failed to draw`, error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="ui-message ui-message--error">
        <p>
          {this.props.title}: something went wrong while showing this part of the page. Reloading the page usually fixes it; your
          settings are kept.
        </p>
        <Button variant="secondary" onClick={this.props.onReload ?? (() => globalThis.location.reload())}>
          Reload the page
        </Button>
      </div>
    );
  }
}
