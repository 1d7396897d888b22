import { SelectField } from '@studyhub/shared';
import type { UploadType } from '@studyhub/contract/schemas';
import {
  GRADINGS,
  optionsWith,
  PROGRAMS,
  SYSTEMS,
  UPLOAD_TYPES,
  type Department,
  type SyllabusDraft,
} from '../syllabus/syllabus-draft';

interface SyllabusChoiceFieldsProps {
  draft: SyllabusDraft;
  departments: readonly Department[];
  departmentProblem?: string;
  disabled?: boolean;
  onChange(changes: Partial<SyllabusDraft>): void;
}

const plain = (options: readonly string[]) => options.map((option) => ({ value: option, label: option }));

/**
 * Department, program, system, grading and upload type (product §2, §9 add-form options; the upload type is
 * decision 007's). Values an imported entry holds beyond these lists stay choosable.
 */
export function SyllabusChoiceFields({
  draft,
  departments,
  departmentProblem,
  disabled,
  onChange,
}: SyllabusChoiceFieldsProps) {
  return (
    <>
      <SelectField
        label="Department"
        placeholder="Select department"
        value={draft.department}
        disabled={disabled}
        options={departments.map(({ name, code }) => ({ value: code, label: `${name} (${code})` }))}
        onChange={(department) => onChange({ department })}
        problem={departmentProblem}
      />
      <SelectField
        label="Program"
        value={draft.program}
        disabled={disabled}
        options={plain(optionsWith(PROGRAMS, draft.program))}
        onChange={(program) => onChange({ program })}
      />
      <SelectField
        label="System"
        value={draft.system}
        disabled={disabled}
        options={plain(optionsWith(SYSTEMS, draft.system))}
        onChange={(system) => onChange({ system })}
      />
      <SelectField
        label="Grading"
        value={draft.grading}
        disabled={disabled}
        options={plain(optionsWith(GRADINGS, draft.grading))}
        onChange={(grading) => onChange({ grading })}
      />
      <SelectField
        label="Upload Type"
        value={draft.uploadType}
        disabled={disabled}
        options={plain(UPLOAD_TYPES)}
        onChange={(uploadType) => onChange({ uploadType: uploadType as UploadType })}
      />
    </>
  );
}
