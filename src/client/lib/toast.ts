// A tiny store behind `toast()`, so any module (hooks, mutation callbacks) can raise a toast without a React
// context. The spec (docs/product-spec.md §9) shows one toast at a time: a new one replaces the current one.
import { useSyncExternalStore } from "react";
import { errorMessage, NetworkError } from "./api-client";

export type ToastVariant = "default" | "destructive";

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastEntry extends ToastInput {
  key: number;
}

let current: ToastEntry | null = null;
let nextKey = 1;
const listeners = new Set<() => void>();

function publish(entry: ToastEntry | null): void {
  current = entry;
  for (const listener of listeners) listener();
}

export function toast(input: ToastInput): void {
  publish({ ...input, key: nextKey++ });
}

export function dismissToast(key: number): void {
  if (current?.key === key) publish(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCurrentToast(): ToastEntry | null {
  return useSyncExternalStore(subscribe, () => current);
}

/**
 * The destructive toast for a failed call: a network failure becomes the spec's 'Connection Error'
 * (docs/product-spec.md §8), anything else shows `title` with the server's message, or `fallback` when it
 * sent none.
 */
export function toastFailure(error: unknown, title: string, fallback: string): void {
  if (error instanceof NetworkError) {
    toast({ title: "Connection Error", description: error.message, variant: "destructive" });
    return;
  }
  toast({ title, description: errorMessage(error, fallback), variant: "destructive" });
}
