import { useCallback } from 'react';
import { Button, Card, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { PageSpin } from '../../../components/page-spin';
import { useGetMeQuery } from '../../auth/api/me-api';
import { PRODUCT_NAME, SHELL_ROUTES } from '../shell-config';
import { MessagePanel, Survey } from './feedback-survey-modal';
import { SURVEY_TEXTS, SURVEY_WIDTH } from './survey-texts';

/** The milestone named by `?milestone_id=` (a survey link), else Me's. */
function milestoneFrom(raw: string | null, fromMe: number | null): number | null {
  if (raw === null) return fromMe;
  return /^\d{1,10}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

/**
 * Spec §2 `/nps-form`: the feedback survey as a page of its own (a survey link opens it), with the
 * steps of the modal. Closing it, or finishing, leads home.
 */
export function NpsFormPage() {
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
        placeItems: 'center',
        padding: 24,
        background: '#f5f7fb',
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
            Back to {PRODUCT_NAME}
          </Button>
        </div>
      </Card>
    </main>
  );
}
