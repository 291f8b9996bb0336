import { ArrowLeftOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { Link } from 'react-router-dom';
import { stagePath } from '../stage/paths';
import './product.css';

interface Props {
  teamId: string;
  projectId: string;
  projectName: string;
  /** The screen's name beside the project's, and the back button's tip. */
  title: string;
  backTip: string;
  /** The back link's test id. */
  backTestId: string;
  className?: string;
}

/** The bar over a project's screen beside its stage (documents, design QA): back to the stage, project, screen. */
export function ProjectToolbar({
  teamId,
  projectId,
  projectName,
  title,
  backTip,
  backTestId,
  className,
}: Props) {
  return (
    <div className={`product-toolbar${className ? ` ${className}` : ''}`}>
      <Tooltip title={backTip}>
        <Link to={stagePath(teamId, projectId)} className="product-back" data-testid={backTestId}>
          <ArrowLeftOutlined />
        </Link>
      </Tooltip>
      <h1 className="product-project-name" title={projectName}>
        {projectName}
      </h1>
      <span className="product-title">{title}</span>
    </div>
  );
}
