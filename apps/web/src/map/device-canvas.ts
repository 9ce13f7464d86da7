import L from 'leaflet';
import { toMapCoords } from './coords';
import type { MapDevice, MapDeviceUpdate } from './devices';
import {
  drawBubble,
  drawLabel,
  drawLeader,
  drawSelectedLabel,
  fitText,
  LABEL_FONT,
  SELECTED_LABEL_FONT,
} from './marker-drawing';
import { isInViewport, nearestMarker } from './marker-geometry';
import { layoutMarkers, type MarkerLayout } from './marker-layout';
import { PANES } from './panes';
import { angleBucket, isRotated, SELECTED_SIZE, sprite, type Sprite } from './sprites';
import type { MapCrs } from './tile-sources';

interface Entry {
  device: MapDevice;
  /** Position in the map's coordinate system. */
  lat: number;
  lng: number;
  /** Projected pixel position at `zoom` (NaN: to be projected). */
  px: number;
  py: number;
  zoom: number;
  rotated: boolean;
  /** The normal sprite at `spriteRatio` and `spriteAngle`, null when colour or icon changed. */
  sprite: Sprite | null;
  spriteRatio: number;
  spriteAngle: number;
  /** setDevices generation that last listed it. */
  seen: number;
  /** Its name as drawn under it, and in the selected marker's bubble; null: to be measured. */
  label: FittedText | null;
  selectedLabel: FittedText | null;
}

interface FittedText {
  text: string;
  width: number;
}

/** Markers this far outside the view still get drawn (they show in part). */
const MARGIN = SELECTED_SIZE;
/** From this zoom on, every marker has its name under it where there is room. */
const LABEL_ZOOM = 16;
/** A blank tap waits this long: when it was the first of a double tap (zoom), it is no tap. */
const BLANK_TAP_DELAY_MS = 300;
/** Tapping a bubble zooms in this many levels around it. */
const BUBBLE_ZOOM_STEP = 2;
/** The drawn markers are listed on the canvas (data-markers) while there are at most this many. */
const LISTED_MARKERS = 100;

export interface DeviceCanvasHandlers {
  onSelect?: (id: number) => void;
  onBlankClick?: () => void;
}

/**
 * All device markers on one <canvas> in its own pane. Redrawn synchronously while the map moves
 * (pan, pinch, fly) and at most once per animation frame when devices change; during an
 * animated zoom the bitmap is scaled with the tiles, then redrawn. Markers near each other are
 * spread or grouped (marker-layout.ts: made again when devices, the selection or the zoom
 * change, not while panning). Only markers in view are drawn, and they are what a tap is tested
 * against; a tap on a group's bubble zooms in. For tests and tools, the canvas lists the drawn
 * markers in data-markers ("id:x,y …", container px, the selected one first) while they are few.
 */
export class DeviceCanvasLayer extends L.Layer {
  private readonly entries = new Map<number, Entry>();
  private generation = 0;
  private crs: MapCrs = 'wgs84';
  private selectedId: number | null = null;
  private handlers: DeviceCanvasHandlers = {};

  private map: L.Map | null = null;
  private canvas: HTMLCanvasElement | null = null;
  private ctx: CanvasRenderingContext2D | null = null;
  private frame = 0;
  private zooming = false;
  private width = 0;
  private height = 0;
  private pixelRatio = 1;

  // The markers of the last drawing, in drawing order: the hit-test targets.
  private hitX = new Float64Array(64);
  private hitY = new Float64Array(64);
  private hitId = new Float64Array(64);
  private hitCount = 0;
  private pointer = false;
  private blankTap = 0;

  /** The entries in layout order, and where they are drawn at `layoutZoom`; null: to be made. */
  private laidOut: Entry[] = [];
  private layout: MarkerLayout | null = null;
  private layoutZoom = NaN;
  /** Measures names before they are drawn. */
  private measure: CanvasRenderingContext2D | null = null;

  /** Replaces the set of devices; unchanged ones cost a few comparisons. */
  setDevices(devices: readonly MapDevice[]): void {
    const generation = ++this.generation;
    let changed = false;
    for (const device of devices) {
      const entry = this.entries.get(device.id);
      if (entry) {
        entry.seen = generation;
        if (this.apply(entry, device)) changed = true;
      } else {
        this.entries.set(device.id, this.createEntry(device, generation));
        changed = true;
      }
    }
    if (this.entries.size !== devices.length) {
      for (const [id, entry] of this.entries) {
        if (entry.seen !== generation) {
          this.entries.delete(id);
          changed = true;
        }
      }
    }
    if (changed) this.relayout();
  }

  /** Applies live changes (only the fields given); a complete unknown device is added. */
  updateDevices(updates: readonly MapDeviceUpdate[]): void {
    let changed = false;
    for (const update of updates) {
      const entry = this.entries.get(update.id);
      if (entry) {
        if (this.apply(entry, { ...entry.device, ...update })) changed = true;
      } else if (isComplete(update)) {
        this.entries.set(update.id, this.createEntry(update, this.generation));
        changed = true;
      }
    }
    if (changed) this.relayout();
  }

  removeDevices(ids: readonly number[]): void {
    let changed = false;
    for (const id of ids) if (this.entries.delete(id)) changed = true;
    if (changed) this.relayout();
  }

  setSelected(id: number | null): void {
    if (id === this.selectedId) return;
    this.selectedId = id;
    this.relayout();
  }

  setHandlers(handlers: DeviceCanvasHandlers): void {
    this.handlers = handlers;
    if (!handlers.onSelect) this.setPointer(false);
  }

  setCrs(crs: MapCrs): void {
    if (crs === this.crs) return;
    this.crs = crs;
    for (const entry of this.entries.values()) this.locate(entry);
    this.relayout();
  }

  override onAdd(map: L.Map): this {
    this.map = map;
    const canvas = L.DomUtil.create('canvas', 'leaflet-zoom-animated');
    canvas.style.pointerEvents = 'none';
    map.getPane(PANES.devices.name)!.appendChild(canvas);
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d');
    this.width = 0;
    this.draw();
    return this;
  }

  override onRemove(): this {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    clearTimeout(this.blankTap);
    this.setPointer(false);
    this.canvas?.remove();
    this.canvas = null;
    this.ctx = null;
    this.map = null;
    this.hitCount = 0;
    return this;
  }

  override getEvents(): Record<string, L.LeafletEventHandlerFn> {
    return {
      move: this.redraw,
      zoom: this.redraw,
      viewreset: this.redraw,
      resize: this.redraw,
      zoomanim: this.onZoomAnim as L.LeafletEventHandlerFn,
      zoomend: this.onZoomEnd,
      click: this.onClick as L.LeafletEventHandlerFn,
      dblclick: this.onDoubleClick,
      mousemove: this.onMouseMove as L.LeafletEventHandlerFn,
    };
  }

  private createEntry(device: MapDevice, generation: number): Entry {
    const entry: Entry = {
      device,
      lat: 0,
      lng: 0,
      px: 0,
      py: 0,
      zoom: NaN,
      rotated: isRotated(device.iconType),
      sprite: null,
      spriteRatio: 0,
      spriteAngle: 0,
      seen: generation,
      label: null,
      selectedLabel: null,
    };
    this.locate(entry);
    return entry;
  }

  private locate(entry: Entry): void {
    const { latitude, longitude } = toMapCoords(entry.device, this.crs);
    entry.lat = latitude;
    entry.lng = longitude;
    entry.zoom = NaN;
  }

  /** Takes the device's new state; whether anything visible changed. */
  private apply(entry: Entry, next: MapDevice): boolean {
    const previous = entry.device;
    if (previous === next) return false;
    entry.device = next;
    let changed = false;
    if (previous.latitude !== next.latitude || previous.longitude !== next.longitude) {
      this.locate(entry);
      changed = true;
    }
    if (previous.iconType !== next.iconType || previous.color !== next.color) {
      entry.rotated = isRotated(next.iconType);
      entry.sprite = null;
      changed = true;
    }
    if (previous.label !== next.label) {
      entry.label = entry.selectedLabel = null;
      changed = true;
    }
    return changed || previous.direction !== next.direction;
  }

  /** Markers moved, came, went or changed names: a new layout at the next drawing. */
  private relayout(): void {
    this.layout = null;
    this.schedule();
  }

  private schedule(): void {
    if (this.frame || !this.map) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  private redraw(): void {
    this.draw();
  }

  private draw(): void {
    const { map, canvas, ctx } = this;
    if (!map || !canvas || !ctx || this.zooming) return;
    if (this.frame) {
      cancelAnimationFrame(this.frame);
      this.frame = 0;
    }
    const size = map.getSize();
    const ratio = window.devicePixelRatio || 1;
    if (size.x !== this.width || size.y !== this.height || ratio !== this.pixelRatio) {
      this.width = size.x;
      this.height = size.y;
      this.pixelRatio = ratio;
      canvas.width = Math.round(size.x * ratio);
      canvas.height = Math.round(size.y * ratio);
      canvas.style.width = `${size.x}px`;
      canvas.style.height = `${size.y}px`;
    }
    const topLeft = map.containerPointToLayerPoint([0, 0]);
    L.DomUtil.setPosition(canvas, topLeft);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);

    if (this.hitX.length < this.entries.size) {
      const capacity = this.entries.size * 2;
      this.hitX = new Float64Array(capacity);
      this.hitY = new Float64Array(capacity);
      this.hitId = new Float64Array(capacity);
    }
    const zoom = map.getZoom();
    const layout = this.layoutFor(map, zoom);
    const origin = map.getPixelOrigin();
    const offsetX = origin.x + topLeft.x;
    const offsetY = origin.y + topLeft.y;
    const entries = this.laidOut;
    const inView = (x: number, y: number) => isInViewport(x, y, size.x, size.y, MARGIN);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    for (let i = 0; i < entries.length; i++) {
      const fromX = layout.x[i]! - offsetX;
      const fromY = layout.y[i]! - offsetY;
      if (layout.moved[i] && inView(fromX, fromY)) {
        drawLeader(ctx, fromX, fromY, entries[i]!.px - offsetX, entries[i]!.py - offsetY);
      }
    }
    let count = 0;
    const hit = (x: number, y: number, id: number) => {
      this.hitX[count] = x;
      this.hitY[count] = y;
      this.hitId[count] = id;
      count++;
    };
    layout.bubbles.forEach((bubble, index) => {
      const x = bubble.x - offsetX;
      const y = bubble.y - offsetY;
      if (!inView(x, y)) return;
      drawBubble(ctx, x, y, bubble.count);
      hit(x, y, -1 - index);
    });
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    let listed = '';
    let selected = -1;
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i]!;
      const x = layout.x[i]! - offsetX;
      const y = layout.y[i]! - offsetY;
      if (Number.isNaN(x)) continue;
      if (entry.device.id === this.selectedId) {
        // Drawn even just out of view: its name above it may still show.
        selected = i;
        continue;
      }
      if (!inView(x, y)) continue;
      const angle = entry.rotated ? angleBucket(entry.device.direction) : 0;
      if (entry.sprite === null || entry.spriteRatio !== ratio || entry.spriteAngle !== angle) {
        entry.sprite = sprite(entry.device.iconType, entry.device.color, false, ratio, angle);
        entry.spriteRatio = ratio;
        entry.spriteAngle = angle;
      }
      // Pre-rotated: an aligned copy to whole device pixels.
      ctx.drawImage(
        entry.sprite.canvas,
        Math.round(x * ratio) - entry.sprite.anchor,
        Math.round(y * ratio) - entry.sprite.anchor,
      );
      if (layout.labelled[i] && entry.label) {
        ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
        drawLabel(ctx, entry.label, x, y, layout.labelled[i]!);
        ctx.setTransform(1, 0, 0, 1, 0, 0);
      }
      if (count < LISTED_MARKERS) listed += ` ${entry.device.id}:${Math.round(x)},${Math.round(y)}`;
      hit(x, y, entry.device.id);
    }
    if (selected !== -1) {
      // Drawn last, on top, with its name.
      const entry = entries[selected]!;
      const x = layout.x[selected]! - offsetX;
      const y = layout.y[selected]! - offsetY;
      const { device } = entry;
      this.drawSprite(sprite(device.iconType, device.color, true, ratio), entry, x, y);
      if (entry.selectedLabel) {
        ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
        drawSelectedLabel(ctx, entry.selectedLabel, x, y, ratio);
      }
      listed = `${device.id}:${Math.round(x)},${Math.round(y)}${listed}`;
      hit(x, y, device.id);
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    this.hitCount = count;
    if (count <= LISTED_MARKERS) canvas.dataset.markers = listed.trim();
    else delete canvas.dataset.markers;
  }

  /** The layout of the markers at this zoom, made again when they or the selection changed. */
  private layoutFor(map: L.Map, zoom: number): MarkerLayout {
    if (this.layout && this.layoutZoom === zoom) return this.layout;
    const entries = [...this.entries.values()];
    const count = entries.length;
    const xs = new Float64Array(count);
    const ys = new Float64Array(count);
    const closeUp = zoom >= LABEL_ZOOM;
    const widths = new Float64Array(count);
    let selected = -1;
    entries.forEach((entry, i) => {
      if (entry.zoom !== zoom) {
        const point = map.project([entry.lat, entry.lng], zoom);
        entry.px = point.x;
        entry.py = point.y;
        entry.zoom = zoom;
      }
      xs[i] = entry.px;
      ys[i] = entry.py;
      const isSelected = entry.device.id === this.selectedId;
      if (isSelected) selected = i;
      if (!entry.device.label) return;
      if (isSelected) {
        entry.selectedLabel ??= this.fit(entry.device.label, SELECTED_LABEL_FONT, true);
        widths[i] = entry.selectedLabel.width;
      } else if (closeUp) {
        entry.label ??= this.fit(entry.device.label, LABEL_FONT, false);
        widths[i] = entry.label.width;
      }
    });
    this.laidOut = entries;
    this.layoutZoom = zoom;
    this.layout = layoutMarkers({
      xs,
      ys,
      count,
      selected,
      spreadAll: zoom >= map.getMaxZoom(),
      labelWidths: closeUp ? widths : null,
    });
    return this.layout;
  }

  private fit(text: string, font: string, selected: boolean): FittedText {
    this.measure ??= document.createElement('canvas').getContext('2d')!;
    return fitText(this.measure, text, font, selected);
  }

  /** The selected marker, at its exact heading by transform (one marker). */
  private drawSprite(image: Sprite, entry: Entry, x: number, y: number): void {
    const ctx = this.ctx!;
    const ratio = this.pixelRatio;
    const dx = Math.round(x * ratio);
    const dy = Math.round(y * ratio);
    const { direction } = entry.device;
    if (entry.rotated && direction) {
      const angle = (direction * Math.PI) / 180;
      const cos = Math.cos(angle);
      const sin = Math.sin(angle);
      ctx.setTransform(cos, sin, -sin, cos, dx, dy);
      ctx.drawImage(image.canvas, -image.anchor, -image.anchor);
      ctx.setTransform(1, 0, 0, 1, 0, 0);
    } else {
      ctx.drawImage(image.canvas, dx - image.anchor, dy - image.anchor);
    }
  }

  private onZoomAnim(event: L.ZoomAnimEvent): void {
    const { map, canvas } = this;
    if (!map || !canvas) return;
    this.zooming = true;
    // Where the current bitmap has to go for the target view (Leaflet's renderers do the same).
    const scale = map.getZoomScale(event.zoom, map.getZoom());
    const half = map.getSize().divideBy(2);
    const offset = map
      .project(map.getCenter(), event.zoom)
      .subtract(half.multiplyBy(scale))
      .subtract(map.project(event.center, event.zoom))
      .add(half);
    L.DomUtil.setTransform(canvas, map.containerPointToLayerPoint([0, 0]).add(offset), scale);
  }

  private onZoomEnd(): void {
    this.zooming = false;
    this.draw();
  }

  private hit(point: L.Point): number | null {
    const index = nearestMarker(this.hitX, this.hitY, this.hitCount, point.x, point.y);
    return index === -1 ? null : this.hitId[index]!;
  }

  private onClick(event: L.LeafletMouseEvent): void {
    clearTimeout(this.blankTap);
    const id = this.hit(event.containerPoint);
    if (id !== null && id < 0) {
      this.zoomIntoBubble(-1 - id);
    } else if (id !== null) {
      this.handlers.onSelect?.(id);
    } else if (this.handlers.onBlankClick) {
      this.blankTap = window.setTimeout(() => this.handlers.onBlankClick?.(), BLANK_TAP_DELAY_MS);
    }
  }

  private zoomIntoBubble(index: number): void {
    const { map, layout } = this;
    const bubble = layout?.bubbles[index];
    if (!map || !bubble) return;
    const origin = map.getPixelOrigin();
    const zoom = Math.min(map.getZoom() + BUBBLE_ZOOM_STEP, map.getMaxZoom());
    map.setZoomAround(map.layerPointToLatLng([bubble.x - origin.x, bubble.y - origin.y]), zoom);
  }

  private onDoubleClick(): void {
    clearTimeout(this.blankTap);
  }

  private onMouseMove(event: L.LeafletMouseEvent): void {
    const id = this.hit(event.containerPoint);
    this.setPointer(id !== null && (id < 0 || Boolean(this.handlers.onSelect)));
  }

  private setPointer(pointer: boolean): void {
    if (pointer === this.pointer) return;
    this.pointer = pointer;
    this.map?.getContainer().classList.toggle('xj-map--pointer', pointer);
  }
}

function isComplete(update: MapDeviceUpdate): update is MapDevice {
  return (
    typeof update.latitude === 'number' &&
    typeof update.longitude === 'number' &&
    typeof update.iconType === 'number' &&
    update.direction !== undefined &&
    typeof update.color === 'string' &&
    typeof update.label === 'string'
  );
}
