import L from 'leaflet';
import { toMapCoords } from './coords';
import type { MapDevice, MapDeviceUpdate } from './devices';
import { isInViewport, nearestMarker } from './marker-geometry';
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
}

/** Markers this far outside the view still get drawn (they show in part). */
const MARGIN = SELECTED_SIZE;
const LABEL_FONT =
  "500 12px -apple-system, BlinkMacSystemFont, 'PingFang SC', 'Noto Sans CJK SC', sans-serif";
const LABEL_MAX_WIDTH = 160;
/** A blank tap waits this long: when it was the first of a double tap (zoom), it is no tap. */
const BLANK_TAP_DELAY_MS = 300;

export interface DeviceCanvasHandlers {
  onSelect?: (id: number) => void;
  onBlankClick?: () => void;
}

/**
 * All device markers on one <canvas> in its own pane. Redrawn synchronously while the map moves
 * (pan, pinch, fly) and at most once per animation frame when devices change; during an
 * animated zoom the bitmap is scaled with the tiles, then redrawn. Only markers in view are
 * drawn, and they are what a tap is tested against.
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
    if (changed) this.schedule();
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
    if (changed) this.schedule();
  }

  removeDevices(ids: readonly number[]): void {
    let changed = false;
    for (const id of ids) if (this.entries.delete(id)) changed = true;
    if (changed) this.schedule();
  }

  setSelected(id: number | null): void {
    if (id === this.selectedId) return;
    this.selectedId = id;
    this.schedule();
  }

  setHandlers(handlers: DeviceCanvasHandlers): void {
    this.handlers = handlers;
    if (!handlers.onSelect) this.setPointer(false);
  }

  setCrs(crs: MapCrs): void {
    if (crs === this.crs) return;
    this.crs = crs;
    for (const entry of this.entries.values()) this.locate(entry);
    this.schedule();
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
    return changed || previous.direction !== next.direction || previous.label !== next.label;
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
    const origin = map.getPixelOrigin();
    const offsetX = origin.x + topLeft.x;
    const offsetY = origin.y + topLeft.y;
    let count = 0;
    let selected: Entry | null = null;
    for (const entry of this.entries.values()) {
      if (entry.zoom !== zoom) {
        const point = map.project([entry.lat, entry.lng], zoom);
        entry.px = point.x;
        entry.py = point.y;
        entry.zoom = zoom;
      }
      if (entry.device.id === this.selectedId) {
        selected = entry;
        continue;
      }
      const x = entry.px - offsetX;
      const y = entry.py - offsetY;
      if (!isInViewport(x, y, size.x, size.y, MARGIN)) continue;
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
      this.hitX[count] = x;
      this.hitY[count] = y;
      this.hitId[count] = entry.device.id;
      count++;
    }
    if (selected) {
      // Drawn last, on top, with its name; always drawn so that its label can reach the edge.
      const x = selected.px - offsetX;
      const y = selected.py - offsetY;
      const { device } = selected;
      this.drawSprite(sprite(device.iconType, device.color, true, ratio), selected, x, y);
      if (device.label) this.drawLabel(device.label, x, y - SELECTED_SIZE / 2 - 4);
      this.hitX[count] = x;
      this.hitY[count] = y;
      this.hitId[count] = device.id;
      count++;
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    this.hitCount = count;
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

  /** A white bubble with the name, its pointer at (x, bottom). */
  private drawLabel(text: string, x: number, bottom: number): void {
    const ctx = this.ctx!;
    const ratio = this.pixelRatio;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.font = LABEL_FONT;
    let shown = text;
    if (ctx.measureText(shown).width > LABEL_MAX_WIDTH) {
      while (shown.length > 1 && ctx.measureText(`${shown}…`).width > LABEL_MAX_WIDTH) {
        shown = shown.slice(0, -1);
      }
      shown = `${shown}…`;
    }
    const width = Math.ceil(ctx.measureText(shown).width) + 16;
    const height = 22;
    const left = Math.round(x - width / 2);
    const top = Math.round(bottom - 5 - height);
    ctx.beginPath();
    ctx.moveTo(left + 6, top);
    ctx.arcTo(left + width, top, left + width, top + height, 6);
    ctx.arcTo(left + width, top + height, left, top + height, 6);
    ctx.lineTo(x + 5, top + height);
    ctx.lineTo(x, top + height + 5);
    ctx.lineTo(x - 5, top + height);
    ctx.arcTo(left, top + height, left, top, 6);
    ctx.arcTo(left, top, left + width, top, 6);
    ctx.closePath();
    ctx.save();
    ctx.shadowColor = 'rgba(0, 0, 0, 0.25)';
    ctx.shadowBlur = 4 * ratio;
    ctx.shadowOffsetY = 1 * ratio;
    ctx.fillStyle = '#fff';
    ctx.fill();
    ctx.restore();
    ctx.fillStyle = '#1f1f1f';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(shown, x, top + height / 2 + 0.5);
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
    if (id !== null) {
      this.handlers.onSelect?.(id);
    } else if (this.handlers.onBlankClick) {
      this.blankTap = window.setTimeout(() => this.handlers.onBlankClick?.(), BLANK_TAP_DELAY_MS);
    }
  }

  private onDoubleClick(): void {
    clearTimeout(this.blankTap);
  }

  private onMouseMove(event: L.LeafletMouseEvent): void {
    this.setPointer(Boolean(this.handlers.onSelect) && this.hit(event.containerPoint) !== null);
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
