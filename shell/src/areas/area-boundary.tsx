import { Component, type ErrorInfo, type ReactNode } from 'react';
import { AreaUnavailable } from './area-unavailable';

interface Props {
  area: string;
  onRetry(): Promise<void>;
  /** A named reason for the failure, looked up once one has happened (decision 020); null if none is known. */
  explain?(): Promise<string | null>;
  /** Told of every failure caught (the host reports it, decision 025). */
  onFailure?(error: unknown): void;
  children: ReactNode;
}

interface State {
  failed: boolean;
  reason?: string;
}

/** Catches an area that failed to load or crashed while rendering, so only that area is replaced. */
export class AreaBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.warn(`Area ${this.props.area} is unavailable.`, error, info.componentStack);
    this.props.onFailure?.(error);
    // The area's own error says what its code hit (an undefined export called); this says why, when known.
    void this.props.explain?.().then((reason) => {
      if (!reason) return;
      console.error(`Area ${this.props.area} is unavailable: ${reason}`);
      this.setState({ reason });
    });
  }

  override render() {
    return this.state.failed ? (
      <AreaUnavailable onRetry={this.props.onRetry} reason={this.state.reason} />
    ) : (
      this.props.children
    );
  }
}
