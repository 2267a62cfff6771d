export {
  createOnnxClassifier,
  type OnnxModelOptions,
  onnxModelOptionsSchema,
} from "./onnx-classifier.js";
