import { Component, type ReactNode } from 'react';

/**
 * Around a lazily loaded map: when its code cannot be fetched (a dropped connection), the map's
 * place says so instead of the whole page giving way to the route's error screen.
 */
export class MapBoundary extends Component<{ failed: ReactNode; children: ReactNode }, { broken: boolean }> {
  override state = { broken: false };

  static getDerivedStateFromError(): { broken: boolean } {
    return { broken: true };
  }

  override render() {
    return this.state.broken ? this.props.failed : this.props.children;
  }
}
