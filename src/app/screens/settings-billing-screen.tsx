import { SettingsGuard } from './settings-layout.js';

/** Settings, Billing and plans (admins): this product has one free plan, so there is nothing to bill. */
export function SettingsBillingScreen() {
  return (
    <SettingsGuard page="billing">
      <p>This workspace is on the free plan. There is nothing to pay.</p>
    </SettingsGuard>
  );
}
