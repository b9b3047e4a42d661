package quiz

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/slidelab/slidelab/core/exercise"
)

// zipTime is the modification time of every file in a QTI package, so that
// the same bank gives the same bytes.
var zipTime = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// WriteQTI writes the bank as a QTI 1.2 package laid out as Canvas imports
// it: a zip with imsmanifest.xml, the assessment in ID/ID.xml, Canvas's
// ID/assessment_meta.xml, and the board pictures in images/ (referenced as
// $IMS-CC-FILEBASE$/images/NAME).
func WriteQTI(ctx context.Context, w io.Writer, bank Bank) error {
	id := fmt.Sprintf("slidelab_%016x", bank.Seed)
	var items bytes.Buffer
	var images []picture
	err := withPictures(ctx, bank, func(i int, q exercise.Question, pics []picture) error {
		images = append(images, pics...)
		writeQTIItem(&items, i, q, pics)
		return nil
	})
	if err != nil {
		return err
	}
	zw := zip.NewWriter(w)
	add := func(name string, data []byte) error {
		f, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: zipTime})
		if err != nil {
			return err
		}
		_, err = f.Write(data)
		return err
	}
	if err := add("imsmanifest.xml", []byte(qtiManifest(id, images))); err != nil {
		return err
	}
	if err := add(id+"/"+id+".xml", []byte(qtiAssessment(id, bank.Title, items.String()))); err != nil {
		return err
	}
	if err := add(id+"/assessment_meta.xml", []byte(qtiMeta(id, bank))); err != nil {
		return err
	}
	for _, p := range images {
		if err := add("images/"+p.name, p.png); err != nil {
			return err
		}
	}
	return zw.Close()
}

func qtiManifest(id string, images []picture) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="%s_manifest" xmlns="http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <metadata>
    <schema>IMS Content</schema>
    <schemaversion>1.1.3</schemaversion>
  </metadata>
  <organizations/>
  <resources>
    <resource identifier="%s" type="imsqti_xmlv1p2">
      <file href="%s/%s.xml"/>
      <dependency identifierref="%s_meta"/>
    </resource>
    <resource identifier="%s_meta" type="associatedcontent/imscc_xmlv1p1/learning-application-resource" href="%s/assessment_meta.xml">
      <file href="%s/assessment_meta.xml"/>
    </resource>
`, id, id, id, id, id, id, id, id)
	for _, p := range images {
		fmt.Fprintf(&sb, "    <resource identifier=\"%s_%s\" type=\"webcontent\" href=\"images/%s\">\n      <file href=\"images/%s\"/>\n    </resource>\n",
			id, strings.TrimSuffix(p.name, ".png"), p.name, p.name)
	}
	sb.WriteString("  </resources>\n</manifest>\n")
	return sb.String()
}

func qtiAssessment(id, title, items string) string {
	return fmt.Sprintf(`<?xml version="1.0" encoding="UTF-8"?>
<questestinterop xmlns="http://www.imsglobal.org/xsd/ims_qtiasiv1p2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <assessment ident="%s" title="%s">
    <section ident="root_section">
%s    </section>
  </assessment>
</questestinterop>
`, id, xmlText(title), items)
}

func qtiMeta(id string, bank Bank) string {
	return fmt.Sprintf(`<?xml version="1.0" encoding="UTF-8"?>
<quiz identifier="%s" xmlns="http://canvas.instructure.com/xsd/cccv1p0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <title>%s</title>
  <description>%s</description>
  <shuffle_answers>true</shuffle_answers>
  <quiz_type>assignment</quiz_type>
  <points_possible>%d</points_possible>
  <allowed_attempts>1</allowed_attempts>
  <scoring_policy>keep_highest</scoring_policy>
</quiz>
`, id, xmlText(bank.Title), xmlText(fmt.Sprintf("Made by slidelab quiz --kinds %s --seed %d", bank.Kinds, bank.Seed)), len(bank.Questions))
}

func canvasType(a exercise.AnswerKind) string {
	switch a {
	case exercise.MultipleChoice:
		return "multiple_answers_question"
	case exercise.TrueFalse:
		return "true_false_question"
	case exercise.Numeric:
		return "numerical_question"
	}
	return "multiple_choice_question"
}

// qtiChoice is a response label of a choice item.
type qtiChoice struct {
	ident, text, feedback string
	correct               bool
}

func qtiChoices(q exercise.Question) []qtiChoice {
	if q.Answer == exercise.TrueFalse {
		fb := map[bool]string{true: "Right.", false: "No."}
		return []qtiChoice{{"true", "True", fb[q.Truth], q.Truth}, {"false", "False", fb[!q.Truth], !q.Truth}}
	}
	out := make([]qtiChoice, len(q.Choices))
	for k, c := range q.Choices {
		out[k] = qtiChoice{fmt.Sprintf("c%d", k+1), c.Text, c.Feedback, c.Correct}
	}
	return out
}

func mattext(html string) string {
	return `<material><mattext texttype="text/html">` + xmlText(html) + `</mattext></material>`
}

func writeQTIItem(w *bytes.Buffer, i int, q exercise.Question, pics []picture) {
	text := questionHTML(q, func(k int) string { return "$IMS-CC-FILEBASE$/images/" + pics[k].name })
	fmt.Fprintf(w, "      <item ident=\"q%d\" title=\"%s\">\n", i+1, xmlText(fmt.Sprintf("Q%d %s", i+1, q.Title)))
	fmt.Fprintf(w, "        <itemmetadata><qtimetadata><qtimetadatafield><fieldlabel>question_type</fieldlabel><fieldentry>%s</fieldentry></qtimetadatafield>"+
		"<qtimetadatafield><fieldlabel>points_possible</fieldlabel><fieldentry>1</fieldentry></qtimetadatafield></qtimetadata></itemmetadata>\n", canvasType(q.Answer))
	fmt.Fprintf(w, "        <presentation>%s\n", mattext(text))
	choices := qtiChoices(q)
	if q.Answer == exercise.Numeric {
		w.WriteString("          <response_str ident=\"response1\" rcardinality=\"Single\"><render_fib fibtype=\"Decimal\"><response_label ident=\"answer1\"/></render_fib></response_str>\n")
	} else {
		card := "Single"
		if q.Answer == exercise.MultipleChoice {
			card = "Multiple"
		}
		fmt.Fprintf(w, "          <response_lid ident=\"response1\" rcardinality=\"%s\"><render_choice>\n", card)
		for _, c := range choices {
			fmt.Fprintf(w, "            <response_label ident=\"%s\">%s</response_label>\n", c.ident, mattext(xmlEscapeHTML(c.text)))
		}
		w.WriteString("          </render_choice></response_lid>\n")
	}
	w.WriteString("        </presentation>\n")
	writeQTIProcessing(w, q, choices)
	fmt.Fprintf(w, "        <itemfeedback ident=\"general_fb\"><flow_mat>%s</flow_mat></itemfeedback>\n", mattext(paragraphs(q.Explanation)))
	for _, c := range choices {
		fmt.Fprintf(w, "        <itemfeedback ident=\"%s_fb\"><flow_mat>%s</flow_mat></itemfeedback>\n", c.ident, mattext(paragraphs(c.feedback)))
	}
	w.WriteString("      </item>\n")
}

// xmlEscapeHTML makes plain text safe inside HTML.
func xmlEscapeHTML(s string) string { return paragraphs(s) }

func writeQTIProcessing(w *bytes.Buffer, q exercise.Question, choices []qtiChoice) {
	w.WriteString("        <resprocessing><outcomes><decvar maxvalue=\"100\" minvalue=\"0\" varname=\"SCORE\" vartype=\"Decimal\"/></outcomes>\n")
	w.WriteString("          <respcondition continue=\"Yes\"><conditionvar><other/></conditionvar><displayfeedback feedbacktype=\"Response\" linkrefid=\"general_fb\"/></respcondition>\n")
	for _, c := range choices {
		if q.Answer != exercise.Numeric {
			fmt.Fprintf(w, "          <respcondition continue=\"Yes\"><conditionvar><varequal respident=\"response1\">%s</varequal></conditionvar><displayfeedback feedbacktype=\"Response\" linkrefid=\"%s_fb\"/></respcondition>\n", c.ident, c.ident)
		}
	}
	var cond strings.Builder
	switch q.Answer {
	case exercise.Numeric:
		fmt.Fprintf(&cond, "<or><varequal respident=\"response1\">%s</varequal><and><vargte respident=\"response1\">%s</vargte><varlte respident=\"response1\">%s</varlte></and></or>",
			number(q.Number), number(q.Number-q.Tolerance), number(q.Number+q.Tolerance))
	case exercise.MultipleChoice:
		cond.WriteString("<and>")
		for _, c := range choices {
			if c.correct {
				fmt.Fprintf(&cond, "<varequal respident=\"response1\">%s</varequal>", c.ident)
			} else {
				fmt.Fprintf(&cond, "<not><varequal respident=\"response1\">%s</varequal></not>", c.ident)
			}
		}
		cond.WriteString("</and>")
	default:
		for _, c := range choices {
			if c.correct {
				fmt.Fprintf(&cond, "<varequal respident=\"response1\">%s</varequal>", c.ident)
			}
		}
	}
	fmt.Fprintf(w, "          <respcondition continue=\"No\"><conditionvar>%s</conditionvar><setvar action=\"Set\" varname=\"SCORE\">100</setvar></respcondition>\n", cond.String())
	w.WriteString("        </resprocessing>\n")
}
