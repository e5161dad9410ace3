import { useState } from 'react';
import { Button, Flex, Form, Input, Menu, Modal, Popconfirm, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, FolderOutlined, PlusOutlined } from '@ant-design/icons';
import type { HelpCategory } from '@parley/contracts';
import { asErrorPayload, GENERIC_ERROR_MESSAGE } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import {
  useCreateHelpCategoryMutation,
  useDeleteHelpCategoryMutation,
  useUpdateHelpCategoryMutation,
} from '../api/help-center-api';
import { TEXT_TERTIARY } from '../../../app/theme';

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

const articlesCount = (n: number) => (n === 1 ? '1 article' : `${n} articles`);

/** The side list of categories; owners and admins add, rename and delete them here. */
export function HelpCategoriesPanel({
  categories,
  selected,
  onSelect,
  canManage,
  fullWidth = false,
}: HelpCategoriesPanelProps) {
  const [editing, setEditing] = useState<{ category: HelpCategory | null } | null>(null);
  const [remove] = useDeleteHelpCategoryMutation();

  const onDelete = async (category: HelpCategory) => {
    try {
      const result = await remove(category.id).unwrap();
      if (selected === category.id) onSelect('all');
      toast.success(
        'Category deleted',
        result.uncategorized_articles === 0
          ? `“${category.name}” is gone.`
          : `${articlesCount(result.uncategorized_articles)} now have no category.`,
      );
    } catch (failure) {
      toast.error(
        'The category could not be deleted',
        asErrorPayload(failure)?.message ?? GENERIC_ERROR_MESSAGE,
      );
    }
  };

  const items = [
    { key: 'all', icon: <FolderOutlined />, label: 'All articles' },
    ...categories.map((c) => ({
      key: String(c.id),
      icon: <FolderOutlined />,
      label: (
        <Flex justify="space-between" align="center" gap={4}>
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{c.name}</span>
          <span
            style={{ color: TEXT_TERTIARY, fontSize: 12 }}
            aria-label={articlesCount(c.article_count)}
          >
            {c.article_count}
          </span>
        </Flex>
      ),
    })),
    { key: 'none', icon: <FolderOutlined />, label: 'No category' },
  ];

  const current = categories.find((c) => c.id === selected);

  return (
    <nav
      aria-label="Help center categories"
      style={{ width: fullWidth ? '100%' : 230, flexShrink: 0 }}
    >
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Typography.Text strong>Categories</Typography.Text>
        {canManage && (
          <Button
            size="small"
            type="link"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ category: null })}
          >
            Add
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
        <Flex gap={4} style={{ marginTop: 8 }}>
          <Button
            size="small"
            icon={<EditOutlined />}
            onClick={() => setEditing({ category: current })}
          >
            Rename
          </Button>
          <Popconfirm
            title={`Delete “${current.name}”?`}
            description={
              current.article_count === 0
                ? 'It has no articles.'
                : `Its ${articlesCount(current.article_count)} will stay, without a category.`
            }
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={() => onDelete(current)}
          >
            <Button size="small" danger icon={<DeleteOutlined />}>
              Delete
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
      toast.success(category ? 'Category renamed' : 'Category added', `“${name.trim()}”`);
      onClose();
    } catch (failure) {
      form.setFields([
        { name: 'name', errors: [asErrorPayload(failure)?.message ?? GENERIC_ERROR_MESSAGE] },
      ]);
    }
  };

  return (
    <Modal
      open
      title={category ? 'Rename category' : 'New category'}
      okText={category ? 'Save' : 'Add category'}
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
          label="Name"
          rules={[
            { required: true, whitespace: true, message: 'Give the category a name.' },
            { max: 80, message: 'Keep the category name under 81 characters.' },
          ]}
        >
          <Input autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
