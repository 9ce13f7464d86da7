import type { ReactNode } from 'react';
import { PageLayout } from './PageLayout';
import './map-sheet.css';

interface MapSheetPageProps {
  title: ReactNode;
  /** The map (a lazy page's own map module), filling the space above the sheet. */
  map: ReactNode;
  /** What is shown, on a sheet under the map. */
  children: ReactNode;
  sheetTestId?: string;
}

/** A details page: one thing on the map, its facts on a sheet under it. */
export function MapSheetPage({ title, map, children, sheetTestId }: MapSheetPageProps) {
  return (
    <div className="map-sheet-page">
      <PageLayout title={title}>
        <div className="map-sheet__map">{map}</div>
        <section className="map-sheet__sheet" data-testid={sheetTestId}>
          {children}
        </section>
      </PageLayout>
    </div>
  );
}

/** A short note over the top of the map (loading, nothing to show). */
export function MapNote({ children }: { children: ReactNode }) {
  return <div className="map-sheet__note">{children}</div>;
}
