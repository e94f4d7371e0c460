/**
 * Events main pushes to every connected renderer (the Electron window, or browser tabs through the HTTP
 * host). A listener that throws is dropped rather than allowed to stop the others. Like every IPC answer
 * (dispatcher.ts), an event leaves with any card number in its texts masked.
 */
import { maskCardNumbersIn } from '../domain/cardNumbers.js';
import type { AppEvent } from './contract.js';

export type EventListener = (event: AppEvent) => void;

export class EventHub {
  private readonly listeners = new Set<EventListener>();

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(published: AppEvent): void {
    const event = maskCardNumbersIn(published);
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        this.listeners.delete(listener);
      }
    }
  }
}
