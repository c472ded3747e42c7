/**
 * Whatever throws while rendering, the user sees a message, never a blank window. The root
 * has one; each pane (the server list, a workspace's details, its tab, the tool list, the
 * tool panel, the protocol log, a dialog) has its own, so one broken pane leaves the rest
 * of the window working and says which pane failed.
 */
import { Component, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** The pane this boundary guards, as the user knows it ("The tool panel"); none for the root. */
  pane?: string;
}

export class ErrorBoundary extends Component<Props, { error?: Error }> {
  override state: { error?: Error } = {};

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const retry = (
      <button type="button" onClick={() => this.setState({ error: undefined })}>
        Try again
      </button>
    );
    if (!this.props.pane) {
      return (
        <div className="fatal" role="alert">
          <h1>Something went wrong</h1>
          <p>{error.message}</p>
          {retry}
        </div>
      );
    }
    return (
      <div className="pane-error" role="alert" data-pane-error={this.props.pane}>
        <p>
          <strong>{this.props.pane} could not be shown.</strong> {error.message}
        </p>
        <p className="muted">The rest of the window still works.</p>
        {retry}
      </div>
    );
  }
}

/** A pane guarded by its own boundary (see ErrorBoundary). */
export function Pane({ name, children }: { name: string; children: ReactNode }) {
  return <ErrorBoundary pane={name}>{children}</ErrorBoundary>;
}
