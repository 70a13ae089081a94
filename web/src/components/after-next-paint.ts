type Job = () => void;

const queue: Job[] = [];
let scheduled = false;

function runNext() {
  scheduled = false;
  const job = queue.shift();
  job?.();
  if (queue.length) schedule();
}

function schedule() {
  if (scheduled) return;
  scheduled = true;
  // After the next paint: a frame, then a task of its own (a timer after the frame's callbacks).
  requestAnimationFrame(() => setTimeout(runNext));
}

/**
 * Runs `job` in a task of its own after the next paint, one queued job per frame in the order they were asked
 * for, so pieces of a page drawn later each make a short task rather than one long one. Returns a cancel.
 */
export function afterNextPaint(job: Job): () => void {
  queue.push(job);
  schedule();
  return () => {
    const at = queue.indexOf(job);
    if (at >= 0) queue.splice(at, 1);
  };
}
