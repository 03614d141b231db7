/**
 * A bug while drawing the panel must not leave it blank: the user is told, and can reload it.
 * What went wrong is not shown (it may quote page or service text); it goes to the console.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@/components/ui/Button';

interface Props {
  children: ReactNode;
  /** How to start over; the page's own reload unless told otherwise (tests). */
  onReload?: () => void;
}

export class PanelErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Primer side panel failed to draw', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="panel-main">
        <div className="problem" role="alert">
          <h1 className="subject-title">Primer’s panel ran into a problem</h1>
          <p>Something went wrong while showing this briefing. Reloading the panel usually fixes it; your settings and saved briefings are kept.</p>
          <Button onClick={this.props.onReload ?? (() => globalThis.location.reload())}>Reload the panel</Button>
        </div>
      </main>
    );
  }
}
