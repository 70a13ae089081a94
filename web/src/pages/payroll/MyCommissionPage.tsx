import { useState } from 'react';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { PeriodRef } from '@bo/shared';
import { useSession } from '../../auth/session';
import { useModals } from '../../modals/context';
import PeriodPicker, { currentPeriod } from './PeriodPicker';

/**
 * My commission (`/commission`): anyone opens their own Calculate Commission for a pay period; it is read-only
 * unless they write payroll (the API answers only their own orders).
 */
export default function MyCommissionPage() {
  const { userId } = useSession();
  const { openModal } = useModals();
  const [period, setPeriod] = useState<PeriodRef>(() => currentPeriod());
  return (
    <ContentLayout header={<Header variant="h1">My commission</Header>}>
      <Container header={<Header variant="h2">Pay period</Header>}>
        <SpaceBetween size="l">
          <PeriodPicker value={period} onChange={setPeriod} />
          <Button variant="primary" onClick={() => openModal('CalculateCommission', { userId, ...period })}>
            Open my commission
          </Button>
        </SpaceBetween>
      </Container>
    </ContentLayout>
  );
}
