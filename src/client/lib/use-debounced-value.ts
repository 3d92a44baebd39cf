import { useEffect, useState } from "react";

/** The value once it has stopped changing for `delayMs`: a search box asks the server once per pause, not per key. */
export function useDebouncedValue<Value>(value: Value, delayMs = 250): Value {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
