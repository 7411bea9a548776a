/**
 * One timer for every club's next delayed job: `at(id, when)` asks for `onDue(id)` at `when`
 * (the earliest asked wins), whatever the number of clubs.
 */
export function createWakeTimer(onDue: (id: string) => void) {
  const due = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;

  function arm(): void {
    clearTimeout(timer);
    timer = undefined;
    if (due.size === 0) return;
    const next = Math.min(...due.values());
    timer = setTimeout(fire, Math.max(0, next - Date.now()));
    timer.unref();
  }

  function fire(): void {
    const now = Date.now();
    for (const [id, when] of due) {
      if (when > now) continue;
      due.delete(id);
      onDue(id);
    }
    arm();
  }

  return {
    at(id: string, when: number): void {
      const current = due.get(id);
      if (current !== undefined && current <= when) return;
      due.set(id, when);
      arm();
    },
    clear(): void {
      clearTimeout(timer);
      due.clear();
    },
  };
}
