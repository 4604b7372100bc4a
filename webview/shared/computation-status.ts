/** Where a long computation of an analysis panel stands (the correlation and manual-evaluation panels). */
export type ComputationStatus =
  | { readonly state: 'computing'; readonly stage?: string; readonly done: number; readonly total: number }
  | { readonly state: 'ready' }
  | { readonly state: 'cancelled' }
  | { readonly state: 'error'; readonly message: string };
