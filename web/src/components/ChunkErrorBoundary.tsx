/** Catches a page chunk that failed to load (network, time-out) and offers a reload. */
import { Component, type ReactNode } from 'react';
import { ErrorState } from './StateBlocks';

interface State {
  failed: boolean;
}

export class ChunkErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidUpdate(prev: { resetKey: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }

  render() {
    if (this.state.failed) {
      return (
        <div className="page page-center">
          <ErrorState onRetry={() => window.location.reload()} />
        </div>
      );
    }
    return this.props.children;
  }
}
