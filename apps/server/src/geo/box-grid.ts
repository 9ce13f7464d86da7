/** [minLon, minLat, maxLon, maxLat] */
export type Box = readonly [number, number, number, number];

/** A uniform grid over lon/lat listing, per cell, the boxes that touch it. */
export class BoxGrid {
  private readonly cells: number[][];
  private readonly minX: number;
  private readonly minY: number;
  private readonly columns: number;
  private readonly rows: number;

  constructor(
    private readonly boxes: readonly Box[],
    private readonly cellDegrees: number,
  ) {
    this.minX = Math.min(...boxes.map((b) => b[0]));
    this.minY = Math.min(...boxes.map((b) => b[1]));
    this.columns = this.column(Math.max(...boxes.map((b) => b[2]))) + 1;
    this.rows = this.row(Math.max(...boxes.map((b) => b[3]))) + 1;
    this.cells = Array.from({ length: this.columns * this.rows }, () => []);
    boxes.forEach(([minX, minY, maxX, maxY], index) => {
      for (let row = this.row(minY); row <= this.row(maxY); row++) {
        for (let column = this.column(minX); column <= this.column(maxX); column++) {
          this.cells[row * this.columns + column]!.push(index);
        }
      }
    });
  }

  /** The first box (by index) that holds the point and passes the test; -1 when none does. */
  find(x: number, y: number, test: (index: number) => boolean): number {
    const column = this.column(x);
    const row = this.row(y);
    if (column < 0 || column >= this.columns || row < 0 || row >= this.rows) return -1;
    for (const index of this.cells[row * this.columns + column]!) {
      const [minX, minY, maxX, maxY] = this.boxes[index]!;
      if (x >= minX && x <= maxX && y >= minY && y <= maxY && test(index)) return index;
    }
    return -1;
  }

  private column(x: number): number {
    return Math.floor((x - this.minX) / this.cellDegrees);
  }

  private row(y: number): number {
    return Math.floor((y - this.minY) / this.cellDegrees);
  }
}
