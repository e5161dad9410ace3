import { useState } from 'react';
import { Button, Flex, Form, Input, Menu, Modal, Popconfirm, theme, Typography } from 'antd';
import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { DeleteOutlined, EditOutlined, FolderOutlined, PlusOutlined } from '@ant-design/icons';
import type { HelpCategory } from '@parley/contracts';
import { asErrorPayload, genericErrorMessage } from '../../../lib/api-error';
import { formatNumber } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import {
  useCreateHelpCategoryMutation,
  useDeleteHelpCategoryMutation,
  useUpdateHelpCategoryMutation,
} from '../api/help-center-api';

/** Which articles the list shows: all, one category's, or those without a category. */
export type CategoryFilter = 'all' | 'none' | number;

interface HelpCategoriesPanelProps {
  categories: HelpCategory[];
  selected: CategoryFilter;
  onSelect: (next: CategoryFilter) => void;
  canManage: boolean;
  /** The panel takes the whole width (a phone, where it sits above the articles). */
  fullWidth?: boolean;
}

const CATEGORY_NAME_MAX_LENGTH = 80;

const articlesCount = (count: number) => plural(count, { one: '# article', other: '# articles' });

/** The side list of categories; owners and admins add, rename and delete them here. */
export function HelpCategoriesPanel({
  categories,
  selected,
  onSelect,
  canManage,
  fullWidth = false,
}: HelpCategoriesPanelProps) {
  const [editing, setEditing] = useState<{ category: HelpCategory | null } | null>(null);
  const { token } = theme.useToken();
  const [remove] = useDeleteHelpCategoryMutation();

  const onDelete = async (category: HelpCategory) => {
    try {
      const result = await remove(category.id).unwrap();
      if (selected === category.id) onSelect('all');
      const categoryName = category.name;
      const uncategorized = result.uncategorized_articles;
      toast.success(
        t`Category deleted`,
        uncategorized === 0
          ? t`“${categoryName}” is gone.`
          : plural(uncategorized, {
              one: '# article now has no category.',
              other: '# articles now have no category.',
            }),
      );
    } catch (failure) {
      toast.error(
        t`The category could not be deleted`,
        asErrorPayload(failure)?.message ?? genericErrorMessage(),
      );
    }
  };

  const items = [
    { key: 'all', icon: <FolderOutlined />, label: t`All articles` },
    ...categories.map((c) => ({
      key: String(c.id),
      icon: <FolderOutlined />,
      label: (
        <Flex justify="space-between" align="center" gap={token.marginXXS}>
          <span dir="auto" style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {c.name}
          </span>
          <span
            style={{ color: token.colorTextTertiary, fontSize: token.fontSizeSM }}
            aria-label={articlesCount(c.article_count)}
          >
            {formatNumber(c.article_count)}
          </span>
        </Flex>
      ),
    })),
    { key: 'none', icon: <FolderOutlined />, label: t`No category` },
  ];

  const current = categories.find((c) => c.id === selected);
  const currentName = current?.name ?? '';
  const currentCount = current?.article_count ?? 0;

  return (
    <nav
      aria-label={t`Help center categories`}
      style={{ width: fullWidth ? '100%' : 230, flexShrink: 0 }}
    >
      <Flex justify="space-between" align="center" style={{ marginBottom: token.marginXS }}>
        <Typography.Text strong>
          <Trans>Categories</Trans>
        </Typography.Text>
        {canManage && (
          <Button
            size="small"
            type="link"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ category: null })}
          >
            <Trans>Add</Trans>
          </Button>
        )}
      </Flex>
      <Menu
        mode="inline"
        items={items}
        selectedKeys={[String(selected)]}
        onClick={({ key }) => onSelect(key === 'all' || key === 'none' ? key : Number(key))}
        style={{ borderInlineEnd: 'none', background: 'transparent' }}
      />
      {canManage && current && (
        <Flex gap={token.marginXXS} style={{ marginTop: token.marginXS }}>
          <Button
            size="small"
            icon={<EditOutlined />}
            onClick={() => setEditing({ category: current })}
          >
            <Trans>Rename</Trans>
          </Button>
          <Popconfirm
            title={t`Delete “${currentName}”?`}
            description={
              current.article_count === 0
                ? t`It has no articles.`
                : plural(currentCount, {
                    one: 'Its # article will stay, without a category.',
                    other: 'Its # articles will stay, without a category.',
                  })
            }
            okText={t`Delete`}
            cancelText={t`Cancel`}
            okButtonProps={{ danger: true }}
            onConfirm={() => onDelete(current)}
          >
            <Button size="small" danger icon={<DeleteOutlined />}>
              <Trans>Delete</Trans>
            </Button>
          </Popconfirm>
        </Flex>
      )}
      {editing && (
        <CategoryFormModal category={editing.category} onClose={() => setEditing(null)} />
      )}
    </nav>
  );
}

function categoryNameTooLongMessage() {
  const limit = formatNumber(CATEGORY_NAME_MAX_LENGTH + 1);
  return t`Keep the category name under ${limit} characters.`;
}

function CategoryFormModal({
  category,
  onClose,
}: {
  category: HelpCategory | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ name: string }>();
  const [create, { isLoading: creating }] = useCreateHelpCategoryMutation();
  const [update, { isLoading: updating }] = useUpdateHelpCategoryMutation();

  const submit = async ({ name }: { name: string }) => {
    try {
      if (category) await update({ id: category.id, name: name.trim() }).unwrap();
      else await create({ name: name.trim() }).unwrap();
      const categoryName = name.trim();
      toast.success(category ? t`Category renamed` : t`Category added`, t`“${categoryName}”`);
      onClose();
    } catch (failure) {
      form.setFields([
        { name: 'name', errors: [asErrorPayload(failure)?.message ?? genericErrorMessage()] },
      ]);
    }
  };

  return (
    <Modal
      open
      title={category ? t`Rename category` : t`New category`}
      okText={category ? t`Save` : t`Add category`}
      cancelText={t`Cancel`}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={creating || updating}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ name: category?.name ?? '' }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="name"
          label={t`Name`}
          rules={[
            { required: true, whitespace: true, message: t`Give the category a name.` },
            { max: CATEGORY_NAME_MAX_LENGTH, message: categoryNameTooLongMessage() },
          ]}
        >
          <Input autoFocus dir="auto" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
