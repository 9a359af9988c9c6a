/**
 * Tells a pointer that moved from one that rests while the content under it moves. WebKit
 * fires `pointermove` at a resting mouse when a list scrolls beneath it (the arrow keys
 * scrolling the highlighted option into view), and that must not take the keyboard's
 * highlight; a pointer that really moved is somewhere else on the screen.
 */
export class PointerMoves {
  private x = Number.NaN;
  private y = Number.NaN;

  /** Whether `event` finds the pointer somewhere other than the last event this was given. */
  moved(event: PointerEvent): boolean {
    const moved = event.screenX !== this.x || event.screenY !== this.y;
    this.x = event.screenX;
    this.y = event.screenY;
    return moved;
  }
}
