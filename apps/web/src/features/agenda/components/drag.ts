/** What a dragged card carries: the order, the lane it left (null: none, or the side list) and its length. */
export interface DraggedVisit {
  invoiceId: number;
  fromWorker: number | null;
  durationMinutes: number;
  /** Minute of the day it started at (week view keeps it), null for an unscheduled order. */
  minutes: number | null;
}

const TYPE = 'application/x-oficina-visit';

export function startDrag(e: React.DragEvent, visit: DraggedVisit) {
  e.dataTransfer.setData(TYPE, JSON.stringify(visit));
  e.dataTransfer.effectAllowed = 'move';
}

export function droppedVisit(e: React.DragEvent): DraggedVisit | null {
  const raw = e.dataTransfer.getData(TYPE);
  return raw ? (JSON.parse(raw) as DraggedVisit) : null;
}

/** Lets a lane or cell accept the drop (the browser refuses drops by default). */
export function allowDrop(e: React.DragEvent) {
  if (e.dataTransfer.types.includes(TYPE)) {
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
  }
}
