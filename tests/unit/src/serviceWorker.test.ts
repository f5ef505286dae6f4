import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  confirmUpdate,
  createUpdateFlow,
  registerServiceWorker,
  reloadWhenNoForm,
  updateWaiting,
} from '../../../src/app/serviceWorker.ts';
import { recordForm, type RecordFormState } from '../../../src/state/recordForm.ts';
import { newFormState } from '../../../src/records/newForm.ts';

/** A half-filled report form. */
function openForm(): RecordFormState {
  return { ...newFormState({ '1': 'ob potoku' }, 'k'), pristine: null };
}

function setup() {
  const skipWaiting = vi.fn();
  const reload = vi.fn();
  return { flow: createUpdateFlow({ skipWaiting, reload }), skipWaiting, reload };
}

afterEach(() => {
  recordForm.value = null;
  updateWaiting.value = false;
});

describe('service-worker update flow (asks first, never reloads over a form)', () => {
  it('shows the notice for a waiting worker and neither activates nor reloads on its own', () => {
    const { flow, skipWaiting, reload } = setup();
    flow.onWaiting();
    expect(updateWaiting.value).toBe(true);
    expect(skipWaiting).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('on confirm activates the waiting worker, and reloads once the new worker controls the page', () => {
    const { flow, skipWaiting, reload } = setup();
    flow.onWaiting();
    flow.confirm();
    expect(updateWaiting.value).toBe(false);
    expect(skipWaiting).toHaveBeenCalledOnce();
    expect(reload).not.toHaveBeenCalled();
    flow.onControllerChange(true);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('never reloads over an open form: the reload waits until the form closes', () => {
    const { flow, reload } = setup();
    flow.onWaiting();
    flow.confirm();
    recordForm.value = openForm();
    flow.onControllerChange(true);
    expect(reload).not.toHaveBeenCalled();
    recordForm.value = { ...openForm(), values: { '1': 'ob potoku, pod mostom' } };
    expect(reload).not.toHaveBeenCalled();
    recordForm.value = null;
    expect(reload).toHaveBeenCalledOnce();
    // Once is enough: opening and closing another form does not reload again.
    recordForm.value = openForm();
    recordForm.value = null;
    expect(reload).toHaveBeenCalledOnce();
  });

  it('does nothing when the first install takes the page (clientsClaim)', () => {
    const { flow, skipWaiting, reload } = setup();
    flow.onControllerChange(false);
    expect(updateWaiting.value).toBe(false);
    expect(skipWaiting).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('asks again when another tab activated the new version, and then reloads without a skip', () => {
    const { flow, skipWaiting, reload } = setup();
    flow.onControllerChange(true);
    expect(updateWaiting.value).toBe(true);
    expect(reload).not.toHaveBeenCalled();
    flow.confirm();
    expect(skipWaiting).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('reloadWhenNoForm reloads at once when no form is open', () => {
    const reload = vi.fn();
    reloadWhenNoForm(reload);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('registers nothing outside production builds', () => {
    expect(import.meta.env.PROD).toBe(false);
    expect(() => registerServiceWorker()).not.toThrow();
    expect(() => confirmUpdate()).not.toThrow();
  });
});
