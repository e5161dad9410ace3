import { useCallback } from 'react';
import { Button, Card, Typography, theme } from 'antd';
import { Provider } from 'react-redux';
import { useNavigate, useSearchParams } from 'react-router';
import { store } from '../../../app/app-store';
import { ToastHost } from '../../../app/toast-host';
import { PageSpin } from '../../../components/page-spin';
import { useGetMeQuery } from '../../auth';
import { PRODUCT_NAME, SHELL_ROUTES } from '../shell-config';
import { MessagePanel, Survey } from './feedback-survey-modal';
import { SURVEY_TEXTS, SURVEY_WIDTH } from './survey-texts';
import { t } from '@lingui/core/macro';

/** The milestone named by `?milestone_id=` (a survey link), else Me's. */
function milestoneFrom(raw: string | null, fromMe: number | null): number | null {
  if (raw === null) return fromMe;
  return /^\d{1,10}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

/**
 * `/nps-form` (docs/product/screens.md): the route. The page sits outside the shell (no realtime, no banners), so
 * it brings the app's store and the toasts itself, and nothing more.
 */
export function NpsFormPage() {
  return (
    <Provider store={store}>
      <ToastHost />
      <NpsForm />
    </Provider>
  );
}

/**
 * The feedback survey as a page of its own (a survey link opens it), with the steps of the
 * modal. Closing it, or finishing, leads home.
 */
export function NpsForm() {
  const { token } = theme.useToken();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { data: me, isLoading } = useGetMeQuery();
  const goHome = useCallback(() => navigate(SHELL_ROUTES.home), [navigate]);
  const noop = useCallback(() => {}, []);

  if (isLoading || !me) return <PageSpin fullScreen />;
  const milestoneId = milestoneFrom(params.get('milestone_id'), me.nps_collection.milestone_id);
  return (
    <main
      style={{
        minHeight: '100vh',
        display: 'grid',
        // One column no wider than the screen, so the card shrinks to a phone.
        gridTemplateColumns: 'minmax(0, 1fr)',
        placeItems: 'center',
        padding: 24,
        background: token.colorBgLayout,
      }}
    >
      <Card style={{ width: SURVEY_WIDTH, maxWidth: '100%' }}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {SURVEY_TEXTS.title}
        </Typography.Title>
        {milestoneId === null ? (
          <MessagePanel text={SURVEY_TEXTS.expired} />
        ) : (
          <Survey
            milestoneId={milestoneId}
            fromMeApi={
              milestoneId === me.nps_collection.milestone_id && me.nps_collection.show_nps_milestone
            }
            onClose={goHome}
            onSubmitted={noop}
          />
        )}
        <div style={{ textAlign: 'center', marginTop: 16 }}>
          <Button type="link" onClick={goHome}>
            {t`Back to ${PRODUCT_NAME}`}
          </Button>
        </div>
      </Card>
    </main>
  );
}
