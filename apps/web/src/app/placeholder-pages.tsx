import { BarChartOutlined, RocketOutlined } from '@ant-design/icons';
import { ComingSoon } from '../components/coming-soon';

// Areas of the shell that are not built yet: each says what it will hold, with no made-up data.

const iconStyle = { fontSize: 48, color: '#aab4c8' };

export function ReportingPlaceholder() {
  return (
    <ComingSoon
      icon={<BarChartOutlined style={iconStyle} />}
      title="Reports are on their way"
      description="Conversation volume, response and resolution times, and how each teammate is doing will be charted here once conversations start arriving."
    />
  );
}

export function SetupPlaceholder() {
  return (
    <ComingSoon
      icon={<RocketOutlined style={iconStyle} />}
      title="Setup guides will be here"
      description="Step-by-step guides to connect your support email, live chat widget and messaging channels will appear here."
    />
  );
}
